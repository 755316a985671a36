import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { SubscribeReply, SubscribeRequest } from '@portal/contracts';
import { Outbox } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { RATE_LIMITS } from '../common/rate-limits';
import { hashOpaqueToken, isOpaqueTokenShaped } from '@portal/auth';
import { DEFAULT_NEWSLETTER_SOURCE } from './dto/subscribe.dto';
import {
  confirmResubscribe,
  type ListService,
  resubscribePending,
  signUp,
  type SubscriptionList,
} from '../subscriptions/subscription-list';
import type { UnsubscribeLinkState } from './unsubscribe-page';

export const SUBSCRIBED_MESSAGE = 'Successfully subscribed!';

/** The list's sign-up, welcome mail and links: see SubscriptionList. */
const NEWSLETTER: SubscriptionList = {
  table: 'newsletter_subscriptions',
  unsubscribePath: '/api/newsletter/unsubscribe',
  resubscribePath: '/api/newsletter/resubscribe',
  resubscribeTemplate: 'newsletter-resubscribe',
  welcome: (unsubscribeLink) => ({ template: 'newsletter-welcome', data: { unsubscribeLink } }),
  noun: 'newsletter subscription',
};

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
   * Idempotent per address (case-insensitive), and the same answer whatever the address is, so it tells
   * nobody whether an address is known. The first subscribe stores the address and a new unsubscribe token,
   * and queues the welcome mail in the same transaction. One of an address that unsubscribed (or complained)
   * mails it a link to confirm instead (see SubscriptionList); any other changes nothing. Concurrent calls for
   * one address meet on its unique index, so one welcome mail at most.
   */
  async subscribe(dto: SubscribeRequest, ip: string): Promise<SubscribeReply> {
    await this.limiter.consume(RATE_LIMITS.newsletterPerIp, clientKey(ip));
    const source = dto.source ?? DEFAULT_NEWSLETTER_SOURCE;
    const queued = await this.dataSource.transaction((manager) =>
      signUp(manager, NEWSLETTER, dto.email, { source }, this.listService()),
    );
    if (queued) this.logger.log(`newsletter subscription ${queued.id} from ${source}: ${queued.mail} mail queued`);
    return { message: SUBSCRIBED_MESSAGE };
  }

  private listService(): ListService {
    return { outbox: this.outbox, config: this.config, logger: this.logger };
  }

  /** Whether the token is a resubscribe link's that still works (unused, unexpired); changes nothing. */
  resubscribePending(token: unknown): Promise<boolean> {
    return resubscribePending(this.dataSource, NEWSLETTER, token);
  }

  /**
   * The button of a resubscribe link's page (see confirmResubscribe). The source stays the first sign-up's:
   * the one that asked for the link may have been anyone's.
   */
  resubscribe(token: unknown): Promise<boolean> {
    return confirmResubscribe(this.dataSource, NEWSLETTER, token, {}, this.listService());
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
