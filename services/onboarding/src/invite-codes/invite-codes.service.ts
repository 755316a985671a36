import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import {
  QUESTIONNAIRES,
  type InviteCodeCheckReply,
  type InviteCodePageReply,
  type InviteCodeReply,
  type InviteRoute,
  type MessageReply,
  type PageQuery,
  type SaveInviteCodeRequest,
} from '@portal/contracts';
import { AuditTrail, type AuditScope, Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { pageWindow } from '../common/pagination';
import { RATE_LIMITS } from '../common/rate-limits';
import { updateReturning, UUID } from '../common/sql';
import { InviteCode } from './invite-code.entity';
import { generateInviteCode, normalizeInviteCode } from './invite-code-format';
import { goneFor, inviteProblem } from './invite-code-state';

/** 80 random bits make a collision astronomically unlikely; a few draws make it impossible in practice. */
const MAX_DRAWS = 5;

@Injectable()
export class InviteCodesService {
  private readonly logger = new Logger(InviteCodesService.name);

  constructor(
    @InjectDataSource('onboarding') private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** Newest first. */
  async list(query: PageQuery): Promise<InviteCodePageReply> {
    const { page, pageSize, offset } = pageWindow(query);
    const [codes, total] = await this.dataSource.getRepository(InviteCode).findAndCount({
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: pageSize,
    });
    return { items: codes.map(toResponse), total, page, page_size: pageSize };
  }

  async create(admin: AuthUser, scope: AuditScope, dto: SaveInviteCodeRequest): Promise<InviteCodeReply> {
    for (let draw = 1; draw <= MAX_DRAWS; draw++) {
      const created = await this.dataSource.transaction(async (manager) => {
        const rows = (await manager.query(
          `INSERT INTO invite_codes (invite_code, route, description, expiration_datetime, created_by)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invite_code) DO NOTHING RETURNING id`,
          [generateInviteCode(), dto.route, dto.description ?? null, new Date(dto.expiration_datetime), admin.id],
        )) as Array<{ id: string }>;
        if (!rows[0]) return undefined;
        await this.audit.record(manager, scope, 'invite_code.created', `invite_code:${rows[0].id}`, {
          route: dto.route,
        });
        return manager.getRepository(InviteCode).findOneByOrFail({ id: rows[0].id });
      });
      if (created) {
        this.logger.log(`invite code ${created.id} for ${dto.route} created by ${admin.id}`);
        return toResponse(created);
      }
      this.logger.warn('invite code collision: drawing another');
    }
    throw new Error(`no unique invite code in ${MAX_DRAWS} draws`);
  }

  /** Expiration, route and description; a used code is history and stays as it is. */
  async update(scope: AuditScope, id: string, dto: SaveInviteCodeRequest): Promise<InviteCodeReply> {
    if (!UUID.test(id)) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
    return this.dataSource.transaction(async (manager) => {
      const [updated] = await updateReturning<{ id: string }>(
        manager,
        `UPDATE invite_codes SET expiration_datetime = $2, route = $3, description = $4, updated_at = now()
         WHERE id = $1 AND is_used = false RETURNING id`,
        [id, new Date(dto.expiration_datetime), dto.route, dto.description ?? null],
      );
      const code = await this.findById(manager, id);
      if (!code) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
      if (!updated) throw new ConflictException({ detail: MESSAGES.usedCodeNotEditable });
      await this.audit.record(manager, scope, 'invite_code.updated', `invite_code:${id}`, { route: dto.route });
      return toResponse(code);
    });
  }

  /**
   * Queues the invitation mail and records the send on the code, in one transaction: a code
   * is only sent while usable, and every mail that goes out is counted.
   */
  async send(scope: AuditScope, id: string, recipient: string): Promise<MessageReply> {
    if (!UUID.test(id)) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
    await this.dataSource.transaction(async (manager) => {
      const [sent] = await updateReturning<{ invite_code: string; route: InviteRoute; expiration_datetime: Date }>(
        manager,
        `UPDATE invite_codes
         SET last_sent_to = $2, last_sent_at = now(), send_count = send_count + 1, updated_at = now()
         WHERE id = $1 AND is_used = false AND expiration_datetime > now()
         RETURNING invite_code, route, expiration_datetime`,
        [id, recipient],
      );
      if (!sent) {
        const code = await this.findById(manager, id);
        if (!code) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
        throw new ConflictException({
          detail: code.isUsed ? MESSAGES.usedCodeNotSendable : MESSAGES.expiredCodeNotSendable,
        });
      }
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'invite-code',
        to: recipient,
        data: {
          link: `${this.config.appUrl}${sent.route}?code=${encodeURIComponent(sent.invite_code)}`,
          code: sent.invite_code,
          expiresAt: sent.expiration_datetime.toISOString(),
          formTitle: QUESTIONNAIRES[sent.route].title,
        },
      });
      await this.audit.record(manager, scope, 'invite_code.emailed', `invite_code:${id}`, { recipient });
    });
    this.logger.log(`invite code ${id} sent`);
    return { message: MESSAGES.inviteSent(recipient) };
  }

  /** The public check of the onboarding pages: the code's route and expiry, nothing else. */
  async validate(typed: string, ip: string): Promise<InviteCodeCheckReply> {
    await this.limiter.consume(RATE_LIMITS.validatePerIp, clientKey(ip));
    const code = await this.findByCode(this.dataSource.manager, typed);
    if (!code) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
    const problem = inviteProblem(code);
    if (problem) throw goneFor(problem);
    return {
      invite_code: code.inviteCode,
      route: code.route,
      expiration_datetime: code.expirationDatetime.toISOString(),
    };
  }

  /**
   * Marks the code used in the caller's transaction (the one that stores the answers), or
   * throws why it cannot be: 404, 410 used or expired, 409 another questionnaire. The row is
   * read FOR UPDATE, so every check is made on the code as it is when it is used: a concurrent
   * submit waits and then finds it used, and an admin's edit of its route or expiry that
   * commits meanwhile is seen (otherwise the answers of one questionnaire could be stored
   * against a code that now opens the other).
   */
  async use(manager: EntityManager, typed: string, route: InviteRoute): Promise<InviteCode> {
    const code = await this.findByCode(manager, typed, { lock: true });
    if (!code) throw new NotFoundException({ detail: MESSAGES.inviteNotFound });
    const problem = inviteProblem(code);
    if (problem) throw goneFor(problem);
    if (code.route !== route) throw new ConflictException({ detail: MESSAGES.wrongQuestionnaire });

    const [used] = await updateReturning<{ used_at: Date }>(
      manager,
      `UPDATE invite_codes SET is_used = true, used_at = now(), updated_at = now()
       WHERE id = $1 AND is_used = false AND expiration_datetime > now() RETURNING used_at`,
      [code.id],
    );
    if (!used) {
      const now = await this.findById(manager, code.id);
      throw goneFor(now?.isUsed ? 'used' : 'expired');
    }
    return { ...code, isUsed: true, usedAt: used.used_at };
  }

  /** By what a person typed: case and separators do not matter (see normalizeInviteCode). */
  private async findByCode(
    manager: EntityManager,
    typed: string,
    { lock = false }: { lock?: boolean } = {},
  ): Promise<InviteCode | null> {
    const inviteCode = normalizeInviteCode(typed);
    if (!inviteCode) return null;
    return manager.getRepository(InviteCode).findOne({
      where: { inviteCode },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  private async findById(manager: EntityManager, id: string): Promise<InviteCode | null> {
    return UUID.test(id) ? manager.getRepository(InviteCode).findOneBy({ id }) : null;
  }
}

export function toResponse(code: InviteCode): InviteCodeReply {
  return {
    id: code.id,
    invite_code: code.inviteCode,
    expiration_datetime: code.expirationDatetime.toISOString(),
    route: code.route,
    description: code.description,
    is_used: code.isUsed,
    used_at: code.usedAt?.toISOString() ?? null,
    created_at: code.createdAt.toISOString(),
    created_by: code.createdBy,
    last_sent_to: code.lastSentTo,
    last_sent_at: code.lastSentAt?.toISOString() ?? null,
    send_count: code.sendCount,
  };
}
