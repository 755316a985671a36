import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { SubscribeReply, SubscribeRequest, UnsubscribeQuery } from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { RATE_LIMITS } from '../common/rate-limits';
import { generateOpaqueToken, hashOpaqueToken, isOpaqueTokenShaped } from '@portal/auth';
import { DEFAULT_NEWSLETTER_SOURCE } from './dto/subscribe.dto';
import type { UnsubscribeLinkState } from './unsubscribe-page';

export const SUBSCRIBED_MESSAGE = 'Successfully subscribed!';

/** Which subscription an unsubscribe ends: an unsubscribe link's (the hash of its token), or an address's. */
const UNSUBSCRIBE_TARGETS = {
  tokenHash: 'unsubscribe_token_hash = $1',
  address: 'lower(email) = lower($1)',
} as const;

/**
 * Unsubscribes from the newsletter: the subscription of an unsubscribe link (`tokenHash`), or of an address
 * that complained about our mail (`address`). The ids of the subscriptions it ended (again or for the first
 * time); `db` may be a transaction's manager.
 */
export async function unsubscribeNewsletter(
  db: Pick<DataSource, 'query'>,
  by: keyof typeof UNSUBSCRIBE_TARGETS,
  value: string,
): Promise<string[]> {
  const [rows] = (await db.query(
    `UPDATE newsletter_subscriptions
     SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
     WHERE ${UNSUBSCRIBE_TARGETS[by]} RETURNING id`,
    [value],
  )) as [Array<{ id: string }>, number];
  return rows.map((row) => row.id);
}

/**
 * Whether the unsubscribe token is one we issued (the latest welcome mail's), and whether its address is still
 * subscribed; changes nothing. Read by the unsubscribe page and by the mail worker before it sends a welcome mail.
 */
export async function newsletterLinkState(
  db: Pick<DataSource, 'query'>,
  token: unknown,
): Promise<UnsubscribeLinkState> {
  if (!isOpaqueTokenShaped(token)) return null;
  const [row] = (await db.query(`SELECT status FROM newsletter_subscriptions WHERE unsubscribe_token_hash = $1`, [
    hashOpaqueToken(token),
  ])) as Array<{ status: 'subscribed' | 'unsubscribed' }>;
  return row?.status ?? null;
}

@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /**
   * Idempotent per address (case-insensitive): the first subscribe, or one after an
   * unsubscribe, stores a new unsubscribe token and queues the welcome mail in the same
   * transaction; any other answers the same and sends nothing. Concurrent calls for one
   * address meet on its unique index or row lock, so at most one of them sends.
   */
  async subscribe(dto: SubscribeRequest, ip: string): Promise<SubscribeReply> {
    await this.limiter.consume(RATE_LIMITS.newsletterPerIp, clientKey(ip));
    const source = dto.source ?? DEFAULT_NEWSLETTER_SOURCE;
    const { token, hash } = generateOpaqueToken();
    const welcomed = await this.dataSource.transaction(async (manager) => {
      const inserted = (await manager.query(
        `INSERT INTO newsletter_subscriptions (email, source, unsubscribe_token_hash) VALUES ($1, $2, $3)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [dto.email, source, hash],
      )) as Array<{ id: string }>;
      const [row] = inserted.length
        ? inserted
        : (
            (await manager.query(
              `UPDATE newsletter_subscriptions
             SET email = $1, status = 'subscribed', source = $2, unsubscribe_token_hash = $3, subscribed_at = now(),
                 unsubscribed_at = NULL, updated_at = now()
             WHERE lower(email) = lower($1) AND status = 'unsubscribed' RETURNING id`,
              [dto.email, source, hash],
            )) as [Array<{ id: string }>, number]
          )[0];
      if (!row) return undefined;
      const unsubscribe = new URLSearchParams({ token } satisfies UnsubscribeQuery);
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'newsletter-welcome',
        to: dto.email,
        data: { unsubscribeLink: `${this.config.appUrl}/api/newsletter/unsubscribe?${unsubscribe.toString()}` },
      });
      return row.id;
    });
    if (welcomed) this.logger.log(`newsletter subscription ${welcomed} from ${source}: welcome mail queued`);
    return { message: SUBSCRIBED_MESSAGE };
  }

  /** Whether the token is one we issued, and whether its address is still subscribed; changes nothing. */
  linkState(token: unknown): Promise<UnsubscribeLinkState> {
    return newsletterLinkState(this.dataSource, token);
  }

  /** True when the token is one we issued (its address is now unsubscribed, again or for the first time). */
  async unsubscribe(token: unknown): Promise<boolean> {
    if (!isOpaqueTokenShaped(token)) return false;
    const [id] = await unsubscribeNewsletter(this.dataSource, 'tokenHash', hashOpaqueToken(token));
    if (id) this.logger.log(`newsletter subscription ${id} unsubscribed`);
    return id !== undefined;
  }
}
