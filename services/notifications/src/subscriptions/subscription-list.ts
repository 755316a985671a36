import type { LoggerService } from '@nestjs/common';
import { generateOpaqueToken, hashOpaqueToken, isOpaqueTokenShaped } from '@portal/auth';
import type { AppConfig } from '@portal/config';
import type {
  DeadlineResubscribeQuery,
  DeadlineUnsubscribeQuery,
  ResubscribeQuery,
  UnsubscribeQuery,
} from '@portal/contracts';
import { type MailTemplates, type Outbox, QUEUES } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';

/** How long the link that confirms a sign-up of an unsubscribed address works. */
export const RESUBSCRIBE_LINK_DAYS = 7;

type WelcomeTemplate = 'newsletter-welcome' | 'deadline-alerts-welcome';

/** A list's welcome mail, but for its recipient. */
type WelcomeMail = { [T in WelcomeTemplate]: { template: T; data: MailTemplates[T] } }[WelcomeTemplate];

/**
 * A mailing list. A sign-up of an address that unsubscribed from it mails the address a link to confirm
 * instead of resubscribing it: anyone can post an address, and an unsubscribe must stay final until the
 * mailbox's owner undoes it (CAN-SPAM: opt-outs are honoured).
 */
export interface SubscriptionList {
  /** Its subscriptions: email, status, unsubscribe_token_hash, resubscribe_token_hash, resubscribe_requested_at. */
  table: 'newsletter_subscriptions' | 'deadline_subscriptions';
  /** Paths under the app's URL of its mails' links (GET: a page with a button; POST: the button). */
  unsubscribePath: string;
  resubscribePath: string;
  /** The mail with the link to confirm: transactional, so it reaches an address that complained. */
  resubscribeTemplate: 'newsletter-resubscribe' | 'deadline-alerts-resubscribe';
  /** The welcome mail of a new subscription, with its unsubscribe link. */
  welcome: (unsubscribeLink: string, config: AppConfig) => WelcomeMail;
  /** A subscription in the log, e.g. 'newsletter subscription'. */
  noun: string;
}

/** What the functions below use of a list's service. */
export interface ListService {
  outbox: Outbox;
  config: AppConfig;
  logger: LoggerService;
}

/** A mail a sign-up queued, for the log: to which subscription, and which. */
export interface QueuedMail {
  id: string;
  mail: 'welcome' | 'resubscribe';
}

/** An unused, unexpired resubscribe link's subscription, by its token's hash ($1). */
const PENDING_RESUBSCRIBE = `resubscribe_token_hash = $1
  AND resubscribe_requested_at > now() - ${RESUBSCRIBE_LINK_DAYS} * interval '1 day'`;

/** What every link of a list's mail carries: its token alone. */
type LinkQuery = UnsubscribeQuery & ResubscribeQuery & DeadlineUnsubscribeQuery & DeadlineResubscribeQuery;

/** A link of a list's mail: `path` (one of the list's) under the app's URL, with the token. */
export function tokenLink(config: Pick<AppConfig, 'appUrl'>, path: string, token: string): string {
  const query = new URLSearchParams({ token } satisfies LinkQuery);
  return `${config.appUrl}${path}?${query.toString()}`;
}

/** Queues the list's welcome mail to `to` in the transaction of `manager`. */
async function welcome(
  manager: EntityManager,
  list: SubscriptionList,
  to: string,
  unsubscribeToken: string,
  service: ListService,
): Promise<void> {
  const link = tokenLink(service.config, list.unsubscribePath, unsubscribeToken);
  await service.outbox.enqueue(manager, QUEUES.mail, 'template', { ...list.welcome(link, service.config), to });
}

/**
 * A sign-up of `email` to `list` in the transaction of `manager`. A new address is stored with `columns` (by
 * name) and a new unsubscribe token, and welcomed. One that unsubscribed is mailed a link to confirm instead
 * (see askToResubscribe). Any other changes nothing. Concurrent sign-ups of one address meet on its unique
 * index, so one welcome mail at most.
 */
export async function signUp(
  manager: EntityManager,
  list: SubscriptionList,
  email: string,
  columns: Record<string, unknown>,
  service: ListService,
): Promise<QueuedMail | undefined> {
  const { token, hash } = generateOpaqueToken();
  const names = Object.keys(columns);
  const [row] = (await manager.query(
    `INSERT INTO ${list.table} (email, unsubscribe_token_hash${names.map((name) => `, ${name}`).join('')})
     VALUES ($1, $2${names.map((_, index) => `, $${index + 3}`).join('')})
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [email, hash, ...Object.values(columns)],
  )) as Array<{ id: string }>;
  if (!row) return askToResubscribe(manager, list, email, service);
  await welcome(manager, list, email, token, service);
  return { id: row.id, mail: 'welcome' };
}

/**
 * An address that unsubscribed: a new resubscribe link replaces any earlier one and is mailed to it, unless one
 * went out in the last day, so the public sign-up cannot be used to flood an address. Nothing for an address
 * that is subscribed.
 */
async function askToResubscribe(
  manager: EntityManager,
  list: SubscriptionList,
  email: string,
  service: ListService,
): Promise<QueuedMail | undefined> {
  const { token, hash } = generateOpaqueToken();
  const [rows] = (await manager.query(
    `UPDATE ${list.table}
        SET resubscribe_token_hash = $2, resubscribe_requested_at = now(), updated_at = now()
      WHERE lower(email) = lower($1) AND status = 'unsubscribed'
        AND (resubscribe_requested_at IS NULL OR resubscribe_requested_at <= now() - interval '1 day')
      RETURNING id, email`,
    [email, hash],
  )) as [Array<{ id: string; email: string }>, number];
  const [row] = rows;
  if (!row) return undefined;
  await service.outbox.enqueue(manager, QUEUES.mail, 'template', {
    template: list.resubscribeTemplate,
    to: row.email,
    data: { link: tokenLink(service.config, list.resubscribePath, token), expiresInDays: RESUBSCRIBE_LINK_DAYS },
  });
  return { id: row.id, mail: 'resubscribe' };
}

/** Whether the token is a resubscribe link's of `list` that still works (unused, unexpired); changes nothing. */
export async function resubscribePending(
  db: Pick<DataSource, 'query'>,
  list: SubscriptionList,
  token: unknown,
): Promise<boolean> {
  if (!isOpaqueTokenShaped(token)) return false;
  const rows = (await db.query(`SELECT 1 FROM ${list.table} WHERE ${PENDING_RESUBSCRIBE}`, [
    hashOpaqueToken(token),
  ])) as unknown[];
  return rows.length > 0;
}

/**
 * The button of a resubscribe link's page: true when the token still worked (once, within
 * RESUBSCRIBE_LINK_DAYS). The address is subscribed as by a first sign-up (a new unsubscribe token, the
 * welcome mail), with `set` (more columns, by name). Its owner asked for our mail again from its own mailbox,
 * so a complaint's suppression is lifted; a bounce's stays (the mailbox does not take mail).
 */
export async function confirmResubscribe(
  dataSource: DataSource,
  list: SubscriptionList,
  token: unknown,
  set: Record<string, unknown>,
  service: ListService,
): Promise<boolean> {
  if (!isOpaqueTokenShaped(token)) return false;
  const assignments = Object.keys(set).map((column, index) => `, ${column} = $${index + 3}`);
  const done = await dataSource.transaction(async (manager) => {
    const unsubscribe = generateOpaqueToken();
    const [rows] = (await manager.query(
      `UPDATE ${list.table}
          SET status = 'subscribed', unsubscribe_token_hash = $2, subscribed_at = now(), unsubscribed_at = NULL,
              resubscribe_token_hash = NULL, updated_at = now()${assignments.join('')}
        WHERE ${PENDING_RESUBSCRIBE} RETURNING id, email`,
      [hashOpaqueToken(token), unsubscribe.hash, ...Object.values(set)],
    )) as [Array<{ id: string; email: string }>, number];
    const [row] = rows;
    if (!row) return undefined;
    const [lifted] = (await manager.query(
      `DELETE FROM mail_suppressions WHERE address = lower($1) AND reason = 'complaint' RETURNING address`,
      [row.email],
    )) as [unknown[], number];
    await welcome(manager, list, row.email, unsubscribe.token, service);
    return { id: row.id, complaintLifted: lifted.length > 0 };
  });
  if (done) {
    service.logger.log(
      `${list.noun} ${done.id} resubscribed from its confirmation link: welcome mail queued` +
        (done.complaintLifted ? ', complaint suppression lifted' : ''),
    );
  }
  return done !== undefined;
}
