import type { Job, JobsOptions } from 'bullmq';
import type { ServiceName } from '@portal/config';
import type { AuditRecord } from './audit-trail';

/**
 * The one registry of queue names. A name is part of the contract between services and
 * of the data already in Redis: never rename one once shipped, add a new queue instead.
 */
export const QUEUES = {
  mail: 'mail',
  stripeEvents: 'stripe-events',
  deadlineAlerts: 'deadline-alerts',
  /** Audit entries from every service, written into identity's append-only audit_log. */
  audit: 'audit',
  /**
   * Forgot-password requests (identity), looked up and answered with a reset mail after the request
   * was answered, so the answer does the same work whether or not the address has an account.
   */
  passwordReset: 'password-reset',
} as const;

/**
 * Each service's own maintenance queue: its daily clean-up job, scheduled and run only by that
 * service's worker processes (a service cleans its own schema, nothing else).
 */
export const HOUSEKEEPING_QUEUES = {
  identity: 'housekeeping-identity',
  catalog: 'housekeeping-catalog',
  billing: 'housekeeping-billing',
  onboarding: 'housekeeping-onboarding',
  documents: 'housekeeping-documents',
  notifications: 'housekeeping-notifications',
} as const satisfies Record<ServiceName, string>;

export type HousekeepingQueueName = (typeof HOUSEKEEPING_QUEUES)[ServiceName];

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES] | HousekeepingQueueName;

export const QUEUE_NAMES: readonly QueueName[] = [...Object.values(QUEUES), ...Object.values(HOUSEKEEPING_QUEUES)];

export function isQueueName(value: string): value is QueueName {
  return (QUEUE_NAMES as readonly string[]).includes(value);
}

/** One e-mail, as producers describe it; the mail worker adds From and Message-ID. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  /** Generated from `text` when absent. */
  html?: string;
  replyTo?: string;
  /**
   * A subscription's unsubscribe link: sent as List-Unsubscribe (RFC 2369) with List-Unsubscribe-Post
   * (RFC 8058), so mail clients offer it as a button that POSTs to it, which unsubscribes at once.
   */
  unsubscribeUrl?: string;
}

/** What changed in a security notice: the password (at /settings, or with a reset link), or the second factor. */
export type SecurityNoticeKind =
  | 'password-changed'
  | 'password-reset'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  /** Turned off by staff with the admin CLI, for an owner who lost the authenticator and the recovery codes. */
  | 'two-factor-reset'
  /** The password given, then so many wrong codes that the app's codes are refused for a day (WrongCodes). */
  | 'two-factor-codes-refused';

/**
 * Mails rendered by the notifications service from its templates (text and HTML), so
 * wording and layout live in one place. Producers give the recipient and the values.
 */
export interface MailTemplates {
  /** Link to /verify-email with the token, and the same token as a code to paste. */
  'verify-email': { firstName: string; link: string; code: string; expiresInHours: number };
  /** Link to /reset-password with the token. */
  'reset-password': { firstName: string; link: string; expiresInMinutes: number };
  /** Sent once per (re)subscription; the link unsubscribes with the token it carries. */
  'newsletter-welcome': { unsubscribeLink: string };
  /**
   * A sign-up of an address that unsubscribed from the newsletter: the link's page resubscribes it, so that
   * no one but its owner can undo an unsubscribe. Transactional, like 'deadline-alerts-resubscribe'.
   */
  'newsletter-resubscribe': { link: string; expiresInDays: number };
  /** A visitor's message for the staff (contact page, modals, perk form); Reply-To is the sender. */
  'staff-message': {
    name: string;
    email: string;
    phone?: string;
    subject?: string;
    type?: string;
    source?: string;
    message: string;
  };
  /** An onboarding invitation: the link opens the questionnaire with the code; expiresAt is ISO 8601. */
  'invite-code': { inviterName?: string; link: string; code: string; expiresAt: string; formTitle: string };
  /** A questionnaire submitted with an invite code, for the staff: every answer as label and value. */
  'onboarding-submission': {
    formTitle: string;
    code: string;
    /** The company or non-profit named in the answers. */
    clientName: string;
    /** ISO 8601. */
    submittedAt: string;
    answers: Array<{ label: string; value: string }>;
    /** The client's e-mail among the answers, when there is one. */
    replyTo?: string;
  };
  /** A job application for the staff; the resume stays in storage, the link opens the admin inbox. */
  'staff-job-application': {
    name: string;
    email: string;
    phone: string;
    linkedin?: string;
    position: string;
    message: string;
    resumeFileName: string;
    resumeBytes: number;
    inboxLink: string;
  };
  /** Sent once per (re)subscription to deadline reminders; the link unsubscribes. */
  'deadline-alerts-welcome': { unsubscribeLink: string; daysBefore: number[] };
  /**
   * A sign-up of an address that unsubscribed before: the link's page resubscribes it, so that no one
   * but its owner can undo an unsubscribe. Transactional (no unsubscribe link): it reaches an address
   * that complained about list mail, which asks for mail again by confirming.
   */
  'deadline-alerts-resubscribe': { link: string; expiresInDays: number };
  /** One filing's deadline, `daysLeft` days ahead; deadline is 'YYYY-MM-DD'. */
  'deadline-reminder': {
    formName: string;
    officialName: string;
    deadline: string;
    daysLeft: number;
    filingLink: string;
    unsubscribeLink: string;
  };
  /** A payment went through (billing): a one-time purchase, or a subscription invoice paid by card. */
  'payment-receipt': {
    /** The cardholder's name, when known. */
    name?: string | null;
    /** What was bought: 'LLC Formation', 'Starter Bookkeeping'. */
    description: string;
    kind: 'service' | 'form' | 'subscription';
    amountCents: number;
    currency: string;
    /** ISO 8601. */
    paidAt: string;
    /** The order id, or the invoice number. */
    reference: string;
    card?: { brand: string; last4: string } | null;
    /** Subscription payments: the period paid for (ISO 8601). */
    periodStart?: string | null;
    periodEnd?: string | null;
    /** Subscription payments: Stripe's page of the invoice. */
    invoiceUrl?: string | null;
    /** The purchase history in the portal. */
    link: string;
  };
  /** A subscription renewal could not be charged (billing): the link opens the page to change the card. */
  'payment-failed': {
    name?: string | null;
    packageName: string;
    amountCents: number;
    currency: string;
    /** The update-payment page of the subscription. */
    link: string;
    /** ISO 8601, when Stripe tries again; null when it will not. */
    nextAttemptAt?: string | null;
  };
  /**
   * A cardholder's bank disputed a charge (billing), for the staff: `opened` once per dispute, with the hard
   * deadline for evidence; `closed` once, with the outcome. Names the client (personal data, as the staff's
   * other mails do) and links to the dispute in Stripe's dashboard, where evidence is submitted.
   */
  'dispute-alert': {
    stage: 'opened' | 'closed';
    /** Opened as an inquiry, now a chargeback (the bank escalated it): the staff were told of the inquiry. */
    escalated?: boolean;
    clientName: string | null;
    clientEmail: string | null;
    /** What the charge paid for: 'LLC Formation', 'Starter Bookkeeping subscription'; the charge's description otherwise. */
    description: string;
    /** The order id or the invoice number; null when the charge is not one of the portal's. */
    reference: string | null;
    kind: 'service' | 'form' | 'subscription' | null;
    amountCents: number;
    currency: string;
    /** Stripe's reason: fraudulent, product_not_received, ... */
    reason: string;
    /** Stripe's status: needs_response, warning_needs_response (an inquiry), won, lost, ... */
    status: string;
    /** ISO 8601, when evidence is due; null when none is asked. */
    evidenceDueBy: string | null;
    disputeId: string;
    /** The dispute's page in Stripe's dashboard. */
    dashboardUrl: string;
  };
  /**
   * The account's own security changed (identity), for its owner: what, when (ISO 8601), from which
   * client address (null when no request made it: staff at the command line), and where to reset the
   * password if it was not them. Nothing in it is a credential (its link is the public page, under a
   * name redactSecrets leaves alone), so the job is kept whole.
   */
  'security-notice': {
    kind: SecurityNoticeKind;
    firstName: string;
    at: string;
    ip: string | null;
    /** The public /forgot-password page. */
    forgotPasswordLink: string;
  };
  /** A client added a file to their vault, for the staff: who, which file, and a link to the client's documents. */
  'vault-upload': { clientEmail: string; fileName: string; size: number; uploadedAt: string; link: string };
}

export type MailTemplateName = keyof MailTemplates;

export type TemplateMail = {
  [T in MailTemplateName]: { template: T; to: string; data: MailTemplates[T] };
}[MailTemplateName];

/** The reminder job: scheduled runs carry nothing (today, UTC); a run may name its day ('YYYY-MM-DD'). */
export interface DeadlineScanJob {
  as_of?: string;
}

/** A forgot-password request as typed; `requested_at` (ISO 8601) makes a retried job mail once. */
export interface PasswordResetRequestJob {
  email: string;
  requested_at: string;
}

/** A service's daily clean-up (see HOUSEKEEPING_QUEUES). */
export type HousekeepingJob = Record<string, never>;

type HousekeepingPayloads = { [Q in HousekeepingQueueName]: { cleanup: HousekeepingJob } };

export interface StripeEventJob {
  /** Stripe's event id (`evt_...`); the worker reloads the stored event by it. */
  eventId: string;
}

/** Queue → job name → payload. Payloads carry ids and plain values, never entities. */
export interface JobPayloads extends HousekeepingPayloads {
  mail: {
    send: MailMessage;
    template: TemplateMail;
  };
  'stripe-events': {
    process: StripeEventJob;
  };
  'deadline-alerts': {
    scan: DeadlineScanJob;
  };
  audit: {
    record: AuditRecord;
  };
  'password-reset': {
    request: PasswordResetRequestJob;
  };
}

export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;

export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

/**
 * The BullMQ job a processor of queue Q receives: a union discriminated by `name`,
 * so `switch (job.name)` narrows `job.data` to that job's payload.
 */
export type QueueJob<Q extends QueueName> = {
  [N in JobName<Q>]: Job<JobPayloads[Q][N], unknown, N>;
}[JobName<Q>];

/**
 * BullMQ priority of list mail: a mail to a subscription (a reminder run's thousands, a welcome mail).
 * BullMQ takes a job with a priority only when no job without one waits (the rate limiter holds both
 * alike), so a verification or reset mail queued behind a run's 20 000 reminders goes out next instead of
 * after them, ~24 minutes at SES_MAX_SEND_RATE; the jobs of one priority keep their order.
 */
export const LIST_MAIL_PRIORITY = 10;

/** A mail job's name and data. */
export type MailJobData = { [N in JobName<'mail'>]: { name: N; data: JobPayload<'mail', N> } }[JobName<'mail'>];

/**
 * List mail, mail to a subscription: it carries its unsubscribe link (the templates' unsubscribeLink, a
 * message's unsubscribeUrl). It goes behind the rest (LIST_MAIL_PRIORITY), and not to an address that
 * complained (the mail worker's suppression gate).
 */
export function isListMail(job: MailJobData): boolean {
  return job.name === 'template' ? 'unsubscribeLink' in job.data.data : job.data.unsubscribeUrl !== undefined;
}

/** The priority a job is added with (see LIST_MAIL_PRIORITY); undefined for none, which goes first. */
export function jobPriority(queue: string, name: string, payload: unknown): number | undefined {
  if (queue !== QUEUES.mail) return undefined;
  return isListMail({ name, data: payload } as MailJobData) ? LIST_MAIL_PRIORITY : undefined;
}

/** Base delay of the exponential retry backoff in production: 5 s, 10 s, 20 s, ... */
export const DEFAULT_BACKOFF_MS = 5_000;
/**
 * Twelve attempts: retries over about 2.8 hours (the last after 85 minutes), so an outage of Stripe,
 * SES or a database that long loses no webhook, receipt or reminder — the event was acknowledged, the
 * job is all that is left of it. A job still failing then stays in the failed set for an admin.
 */
export const DEFAULT_ATTEMPTS = 12;
const DAY_IN_SECONDS = 24 * 60 * 60;

/**
 * How long a job that failed for good stays in the failed set: long enough for the staff to see it in
 * the queue dashboard and retry it, and no longer, since its data is personal (a mail job holds the
 * recipient, onboarding answers, file names). Removed by BullMQ when a later job of the queue fails,
 * and by each service's daily clean-up (housekeeping.ts) whether or not one does.
 */
export const FAILED_JOB_RETENTION_DAYS = 30;

/**
 * Options every job gets. Completed jobs are kept (7 days, at most 10 000) so that a job
 * id added again (a relay retrying after a crash) is recognised and not run twice;
 * failed jobs are kept FAILED_JOB_RETENTION_DAYS for inspection and retry.
 */
export function defaultJobOptions(backoffMs = DEFAULT_BACKOFF_MS): JobsOptions {
  return {
    attempts: DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: 7 * DAY_IN_SECONDS, count: 10_000 },
    removeOnFail: { age: FAILED_JOB_RETENTION_DAYS * DAY_IN_SECONDS },
  };
}
