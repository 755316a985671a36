import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import {
  QUESTIONNAIRES,
  type BookkeepingAnswers,
  type BookkeepingOnboardingRequest,
  type InviteRoute,
  type NonprofitAnswers,
  type NonprofitOnboardingRequest,
  type PageQuery,
  type SubmissionKind,
  type SubmissionPageReply,
  type SubmissionReply,
  type SubmitOnboardingReply,
} from '@portal/contracts';
import { AuditTrail, type AuditScope, Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { pageWindow } from '../common/pagination';
import { RATE_LIMITS } from '../common/rate-limits';
import { UUID } from '../common/sql';
import { InviteCodesService } from '../invite-codes/invite-codes.service';
import { formatEin } from './dto/nonprofit-onboarding.dto';
import { answerLines } from './questionnaires';

interface StaffMail {
  /** Who filled it in, for the subject line. */
  clientName: string;
  /** Optional questions that were asked (shown as 'Not given' when left empty). */
  optionalAsked: string[];
  replyTo?: string;
}

interface SubmissionRow {
  id: string;
  kind: SubmissionKind;
  answers: Record<string, string | null>;
  submitted_at: Date;
  invite_code: string;
  route: InviteRoute;
}

const SELECT_SUBMISSIONS = `
  SELECT s.id, s.kind, s.answers, s.submitted_at, c.invite_code, c.route
  FROM submissions s JOIN invite_codes c ON c.id = s.invite_code_id`;

@Injectable()
export class SubmissionsService {
  private readonly logger = new Logger(SubmissionsService.name);

  constructor(
    @InjectDataSource('onboarding') private readonly dataSource: DataSource,
    private readonly inviteCodes: InviteCodesService,
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  async submitBookkeeping(code: string, dto: BookkeepingOnboardingRequest, ip: string): Promise<SubmitOnboardingReply> {
    // Every field is stored, null when the form did not ask it (validation refused values then).
    const answers: BookkeepingAnswers = {
      company_name: dto.company_name,
      accounting_software_use: dto.accounting_software_use,
      accounting_software_name: dto.accounting_software_name ?? null,
      add_team_to_software: dto.add_team_to_software ?? null,
      setup_on_our_system: dto.setup_on_our_system ?? null,
      bank_accounts_count: dto.bank_accounts_count,
      report_frequency: dto.report_frequency,
      payroll_provider: dto.payroll_provider,
      payroll_provider_name: dto.payroll_provider_name ?? null,
      invoicing_help: dto.invoicing_help,
      report_email: dto.report_email,
    };
    return this.submit(code, '/new-client', answers, ip, {
      clientName: dto.company_name,
      optionalAsked: dto.accounting_software_use === 'Yes' ? ['accounting_software_name'] : [],
      replyTo: dto.report_email,
    });
  }

  async submitNonprofit(code: string, dto: NonprofitOnboardingRequest, ip: string): Promise<SubmitOnboardingReply> {
    const answers: NonprofitAnswers = {
      non_profit_name: dto.non_profit_name,
      ein_number: dto.ein_number ? formatEin(dto.ein_number) : null,
      state_of_formation: dto.state_of_formation,
    };
    return this.submit(code, '/new-nonprofit-llc', answers, ip, {
      clientName: dto.non_profit_name,
      optionalAsked: ['ein_number'],
    });
  }

  /**
   * Newest first, every answer included (the admin panel shows them from the list): an audited
   * read like `get`, one 'submission.viewed' per submission on the page, recorded before the
   * page is answered.
   */
  async list(scope: AuditScope, query: PageQuery): Promise<SubmissionPageReply> {
    const { page, pageSize, offset } = pageWindow(query);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`${SELECT_SUBMISSIONS} ORDER BY s.submitted_at DESC, s.id DESC LIMIT $1 OFFSET $2`, [
        pageSize,
        offset,
      ]) as Promise<SubmissionRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM submissions`) as Promise<Array<{ total: number }>>,
    ]);
    if (rows.length > 0) {
      await this.dataSource.transaction(async (manager) => {
        for (const row of rows) {
          await this.audit.record(manager, scope, 'submission.viewed', `submission:${row.id}`, { kind: row.kind });
        }
      });
    }
    return { items: rows.map(toResponse), total, page, page_size: pageSize };
  }

  /** An audited read: a staff member looked at a client's answers (recorded before they are answered). */
  async get(scope: AuditScope, id: string): Promise<SubmissionReply> {
    const [row] = UUID.test(id)
      ? ((await this.dataSource.query(`${SELECT_SUBMISSIONS} WHERE s.id = $1`, [id])) as SubmissionRow[])
      : [];
    if (!row) throw new NotFoundException({ detail: MESSAGES.submissionNotFound });
    await this.audit.recordAlone(scope, 'submission.viewed', `submission:${row.id}`, { kind: row.kind });
    return toResponse(row);
  }

  /**
   * One transaction: the code is marked used (conditionally: exactly one of two concurrent
   * submits gets it), the answers are stored and the staff mail is queued. Any refusal
   * rolls all three back.
   */
  private async submit(
    typed: string,
    route: InviteRoute,
    answers: Record<string, string | null>,
    ip: string,
    mail: StaffMail,
  ): Promise<SubmitOnboardingReply> {
    await this.limiter.consume(RATE_LIMITS.submitPerIp, clientKey(ip));
    const questionnaire = QUESTIONNAIRES[route];
    const submission = await this.dataSource.transaction(async (manager) => {
      const code = await this.inviteCodes.use(manager, typed, route);
      const [row] = (await manager.query(
        `INSERT INTO submissions (invite_code_id, kind, answers) VALUES ($1, $2, $3::jsonb) RETURNING id, submitted_at`,
        [code.id, questionnaire.kind, JSON.stringify(answers)],
      )) as Array<{ id: string; submitted_at: Date }>;
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'onboarding-submission',
        to: this.config.STAFF_EMAIL,
        data: {
          formTitle: questionnaire.title,
          code: code.inviteCode,
          clientName: mail.clientName,
          submittedAt: row.submitted_at.toISOString(),
          answers: answerLines(questionnaire, answers, mail.optionalAsked),
          replyTo: mail.replyTo,
        },
      });
      return { id: row.id, codeId: code.id };
    });
    this.logger.log(`${questionnaire.kind} submission ${submission.id} with invite code ${submission.codeId}`);
    return { message: MESSAGES.submitted, submission_id: submission.id };
  }
}

function toResponse(row: SubmissionRow): SubmissionReply {
  return {
    id: row.id,
    kind: row.kind,
    invite_code: row.invite_code,
    route: row.route,
    answers: row.answers,
    submitted_at: row.submitted_at.toISOString(),
  };
}
