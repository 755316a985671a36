import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { generateOpaqueToken, hashOpaqueToken, isOpaqueTokenShaped } from '@portal/auth';
import { AppConfig } from '@portal/config';
import {
  DEADLINE_SUBSCRIBED,
  type DeadlineAlertRunReply,
  type DeadlineSubscribeReply,
  type DeadlineSubscribeRequest,
} from '@portal/contracts';
import { AuditTrail, type AuditScope, Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource, EntityManager } from 'typeorm';
import { RATE_LIMITS } from '../common/rate-limits';
import type { UnsubscribeLinkState } from '../newsletter/unsubscribe-page';
import {
  confirmResubscribe,
  type ListService,
  resubscribePending,
  signUp,
  type SubscriptionList,
  tokenLink,
} from '../subscriptions/subscription-list';
import { catchUpDays, dayIn, daysBetween, dueRanges, type DueRange } from './due-dates';
import { filingLink } from './filing-slug';

/** Catalog's filings with a deadline: read through its read-only view, never its tables. */
export const FILING_DEADLINES_VIEW = 'catalog.filing_deadlines_read_only';

/** Reminders written per transaction: enough to be quick, few enough to keep each one short. */
const FAN_OUT_BATCH = 500;

/** The list's sign-up, welcome mail and links: see SubscriptionList. */
const DEADLINE_ALERTS: SubscriptionList = {
  table: 'deadline_subscriptions',
  unsubscribePath: '/api/deadline-alerts/unsubscribe',
  resubscribePath: '/api/deadline-alerts/resubscribe',
  resubscribeTemplate: 'deadline-alerts-resubscribe',
  welcome: (unsubscribeLink, config) => ({
    template: 'deadline-alerts-welcome',
    data: { unsubscribeLink, daysBefore: config.deadlineAlertDays },
  }),
  noun: 'deadline alert subscription',
};

export const AS_OF_IN_PRODUCTION = 'as_of is accepted outside production only: a run in production is for today.';

/**
 * `target`: the subscription whose unsubscribe token hashes to $1, the welcome mail's or a reminder's
 * sent since the person last subscribed (a link from before a new sign-up no longer works).
 */
const TOKEN_TARGET = `target AS (
         SELECT id FROM deadline_subscriptions WHERE unsubscribe_token_hash = $1
         UNION
         SELECT s.id FROM deadline_reminders r JOIN deadline_subscriptions s ON s.id = r.subscription_id
          WHERE r.unsubscribe_token_hash = $1 AND r.created_at >= s.subscribed_at
       )`;

/** `target`: the subscription of an address, compared in lower case. */
const ADDRESS_TARGET = `target AS (SELECT id FROM deadline_subscriptions WHERE lower(email) = lower($1))`;

/**
 * Unsubscribes from deadline reminders: the subscription an unsubscribe token's hash belongs to (`tokenHash`,
 * see TOKEN_TARGET), or an address's that complained about our mail (`address`). The ids of the
 * subscriptions it ended (again or for the first time); `db` may be a transaction's manager.
 */
export async function unsubscribeDeadlineAlerts(
  db: Pick<DataSource, 'query'>,
  by: 'tokenHash' | 'address',
  value: string,
): Promise<string[]> {
  const [rows] = (await db.query(
    `WITH ${by === 'tokenHash' ? TOKEN_TARGET : ADDRESS_TARGET}
     UPDATE deadline_subscriptions
        SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
      WHERE id IN (SELECT id FROM target) RETURNING id`,
    [value],
  )) as [Array<{ id: string }>, number];
  return rows.map((row) => row.id);
}

/**
 * The state of the subscription an unsubscribe token of a deadline mail (the welcome mail's or a reminder's)
 * belongs to: null when the token is not one issued for the current subscription. Changes nothing; read by
 * the unsubscribe page and by the mail worker before it sends one of these mails.
 */
export async function deadlineLinkState(db: Pick<DataSource, 'query'>, token: unknown): Promise<UnsubscribeLinkState> {
  if (!isOpaqueTokenShaped(token)) return null;
  const [row] = (await db.query(
    `WITH ${TOKEN_TARGET} SELECT status FROM deadline_subscriptions WHERE id IN (SELECT id FROM target)`,
    [hashOpaqueToken(token)],
  )) as Array<{ status: 'subscribed' | 'unsubscribed' }>;
  return row?.status ?? null;
}

interface Candidate {
  subscription_id: string;
  email: string;
  filing_id: string;
  form_name: string;
  name: string;
  deadline: string;
}

@Injectable()
export class DeadlineAlertsService {
  private readonly logger = new Logger(DeadlineAlertsService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Idempotent per address (case-insensitive), and the same answer whatever the address is, so it tells
   * nobody whether an address is known. The first sign-up stores the address, the client address the
   * request came from and a new unsubscribe token, and queues the welcome mail in the same transaction.
   * One of an address that unsubscribed mails it a link to confirm instead (see SubscriptionList): anyone
   * can post an address, and an unsubscribe must stay final until its owner undoes it. Any other changes
   * nothing. Concurrent sign-ups of one address meet on its unique index, so one welcome mail at most.
   */
  async subscribe(dto: DeadlineSubscribeRequest, ip: string): Promise<DeadlineSubscribeReply> {
    await this.limiter.consume(RATE_LIMITS.deadlineAlertsPerIp, clientKey(ip));
    const queued = await this.dataSource.transaction((manager) =>
      signUp(manager, DEADLINE_ALERTS, dto.email, { ip_address: ip }, this.listService()),
    );
    if (queued) this.logger.log(`deadline alert subscription ${queued.id}: ${queued.mail} mail queued`);
    return { message: DEADLINE_SUBSCRIBED };
  }

  private listService(): ListService {
    return { outbox: this.outbox, config: this.config, logger: this.logger };
  }

  /** Whether the token is a resubscribe link's that still works (unused, unexpired); changes nothing. */
  resubscribePending(token: unknown): Promise<boolean> {
    return resubscribePending(this.dataSource, DEADLINE_ALERTS, token);
  }

  /**
   * The button of a resubscribe link's page (see confirmResubscribe): the client address that confirmed is
   * stored, and the subscription is open again in the staff inbox.
   */
  resubscribe(token: unknown, ip: string): Promise<boolean> {
    return confirmResubscribe(
      this.dataSource,
      DEADLINE_ALERTS,
      token,
      { ip_address: ip, handled_at: null },
      this.listService(),
    );
  }

  /** Whether the token is one we issued for the current subscription, and whether it is still on; changes nothing. */
  linkState(token: unknown): Promise<UnsubscribeLinkState> {
    return deadlineLinkState(this.dataSource, token);
  }

  /**
   * True when the token is one we issued for the current subscription (the welcome mail's, or a
   * reminder's sent since): its address is now unsubscribed, again or for the first time. A link from
   * before the person subscribed again no longer works.
   */
  async unsubscribe(token: unknown): Promise<boolean> {
    if (!isOpaqueTokenShaped(token)) return false;
    const [id] = await unsubscribeDeadlineAlerts(this.dataSource, 'tokenHash', hashOpaqueToken(token));
    if (id) this.logger.log(`deadline alert subscription ${id} unsubscribed`);
    return id !== undefined;
  }

  /**
   * The day a run is for: `asOf` (refused in production), else today where the firm is (FIRM_TIME_ZONE):
   * a deadline is a day there, and a run late in its evening must not count from tomorrow.
   */
  runDay(asOf: string | undefined, now = new Date()): string {
    if (asOf && this.config.isProduction) throw new BadRequestException({ detail: AS_OF_IN_PRODUCTION });
    return asOf ?? dayIn(this.config.FIRM_TIME_ZONE, now);
  }

  /**
   * The reminder job for day `asOf`: for each offset of DEADLINE_ALERT_DAYS, every subscriber gets one
   * mail per filing whose reminder falls due that day or fell due since the last finished run (two
   * days back at least; see catchUpDays and dueRanges), unless it went out already. Each reminder is a
   * row under a unique key written in the same transaction as its mail's outbox row, so runs that
   * overlap (two replicas, a retry, an admin's run) send each reminder once: the second insert of a
   * key waits for the first and then skips it. The run's day is recorded once every batch committed.
   */
  async run(asOf: string): Promise<DeadlineAlertRunReply> {
    const offsets = this.config.deadlineAlertDays;
    const [last] = (await this.dataSource.query(
      `SELECT to_char(max(run_for), 'YYYY-MM-DD') AS run_for FROM deadline_reminder_runs WHERE run_for < $1::date`,
      [asOf],
    )) as Array<{ run_for: string | null }>;
    const catchUp = catchUpDays(last?.run_for ?? undefined, asOf);
    let queued = 0;
    for (const range of dueRanges(asOf, offsets, catchUp)) {
      for (;;) {
        const batch = await this.dataSource.transaction((manager) => this.fanOut(manager, asOf, range));
        queued += batch.queued;
        if (batch.candidates < FAN_OUT_BATCH) break;
      }
    }
    await this.dataSource.query(
      `INSERT INTO deadline_reminder_runs (run_for) VALUES ($1::date)
       ON CONFLICT (run_for) DO UPDATE SET finished_at = now()`,
      [asOf],
    );
    this.logger.log(
      `deadline reminders for ${asOf}: ${queued} queued (offsets ${offsets.join(', ')} days, ${catchUp} days caught up)`,
    );
    return { as_of: asOf, offsets, reminders_queued: queued };
  }

  /**
   * A run an admin started by hand (POST /deadline-alerts/run). The run spans many transactions, so
   * its audit entry is written once it is over, with what it did; a run that fails records nothing.
   */
  async runByHand(scope: AuditScope, asOf: string): Promise<DeadlineAlertRunReply> {
    const reply = await this.run(asOf);
    await this.audit.recordAlone(scope, 'deadline_reminders.run', `deadline_reminders:${asOf}`, {
      as_of: asOf,
      reminders_queued: reply.reminders_queued,
    });
    return reply;
  }

  private async fanOut(
    manager: EntityManager,
    asOf: string,
    range: DueRange,
  ): Promise<{ candidates: number; queued: number }> {
    const candidates = (await manager.query(
      `SELECT s.id AS subscription_id, s.email, f.id AS filing_id, f.form_name, f.name,
              to_char(f.deadline_date, 'YYYY-MM-DD') AS deadline
         FROM deadline_subscriptions s
         CROSS JOIN ${FILING_DEADLINES_VIEW} f
        WHERE s.status = 'subscribed'
          AND f.deadline_date BETWEEN $1::date AND $2::date
          AND NOT EXISTS (
                SELECT 1 FROM deadline_reminders r
                 WHERE r.subscription_id = s.id AND r.filing_id = f.id
                   AND r.deadline_date = f.deadline_date AND r.days_before = $3)
        ORDER BY s.id, f.id
        LIMIT ${FAN_OUT_BATCH}`,
      [range.from, range.to, range.daysBefore],
    )) as Candidate[];
    if (!candidates.length) return { candidates: 0, queued: 0 };

    const tokens = candidates.map(() => generateOpaqueToken());
    const inserted = (await manager.query(
      `INSERT INTO deadline_reminders (subscription_id, filing_id, deadline_date, days_before, run_for, unsubscribe_token_hash)
       SELECT subscription_id, filing_id, deadline_date, $4, $5::date, unsubscribe_token_hash
         FROM unnest($1::uuid[], $2::uuid[], $3::date[], $6::text[])
              AS c(subscription_id, filing_id, deadline_date, unsubscribe_token_hash)
       ON CONFLICT ON CONSTRAINT deadline_reminders_once_key DO NOTHING
       RETURNING unsubscribe_token_hash`,
      [
        candidates.map((candidate) => candidate.subscription_id),
        candidates.map((candidate) => candidate.filing_id),
        candidates.map((candidate) => candidate.deadline),
        range.daysBefore,
        asOf,
        tokens.map((token) => token.hash),
      ],
    )) as Array<{ unsubscribe_token_hash: string }>;
    const won = new Set(inserted.map((row) => row.unsubscribe_token_hash));
    for (const [index, candidate] of candidates.entries()) {
      // Another run wrote this reminder first: it sends the mail.
      if (!won.has(tokens[index].hash)) continue;
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'deadline-reminder',
        to: candidate.email,
        data: {
          formName: candidate.form_name,
          officialName: candidate.name,
          deadline: candidate.deadline,
          daysLeft: daysBetween(asOf, candidate.deadline),
          filingLink: filingLink(this.config.appUrl, candidate.form_name),
          unsubscribeLink: tokenLink(this.config, DEADLINE_ALERTS.unsubscribePath, tokens[index].token),
        },
      });
    }
    return { candidates: candidates.length, queued: won.size };
  }
}
