/*
 * The audit log (identity keeps it; every service writes to it through its outbox): what staff did
 * and every security event of an account. Read by admins (GET /audit-log, /audit-log.csv) and, for
 * their own account's security events, by every user (GET /auth/security-events).
 */
import type { Page, PageQuery } from './common';

/**
 * Every action the log knows. `auth.*` are an account's security events (a client sees their own on
 * /settings); the others are staff actions. Stored as text: never rename one once shipped.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.locked_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_code_used',
  'auth.signed_out_everywhere',
  'auth.signed_out',
  'admin.role_promoted',
  'admin.role_demoted',
  'invite_code.created',
  'invite_code.updated',
  'invite_code.emailed',
  'submission.viewed',
  'library.file_uploaded',
  'library.file_deleted',
  'vault.listed',
  'vault.file_downloaded',
  'vault.file_uploaded',
  'vault.file_deleted',
  'queue.job_retried',
  'queue.job_removed',
  'queue.cleaned',
  'queue.paused',
  'queue.resumed',
  'queue.dashboard_opened',
  'deadline_reminders.run',
  'audit_log.exported',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actions a user sees of their own account (prefix `auth.`). */
export function isSecurityEvent(action: string): boolean {
  return action.startsWith('auth.');
}

/** One entry as the API answers it (and the CSV export's columns, in this order). */
export interface AuditEntry {
  id: string;
  /** ISO 8601, when the change committed. */
  at: string;
  /** Who did it; null when nobody was signed in (a failed sign-in of an unknown e-mail, a scheduled job). */
  actor_id: string | null;
  /** The actor's e-mail at the time (the e-mail tried, for a failed sign-in). */
  actor_email: string | null;
  action: AuditAction;
  /** What it was done to, as `<kind>:<id>` ('user:…', 'invite_code:…', 'file:…', 'queue:mail/123'); null when nothing. */
  target: string | null;
  /** The client's address as the server saw it (behind trusted proxies: the first untrusted one). */
  client_ip: string | null;
  /** The request id of the call that did it (X-Request-Id), to find its log lines. */
  request_id: string | null;
  /** Plain facts that help read the entry ({"reason": "wrong_password"}, {"file_name": "…"}); never secrets. */
  details: Record<string, string | number | boolean | null>;
}

/** GET /audit-log?actor=&action=&from=&to=&page=&page_size= (admins); the CSV export takes the same filters. */
export interface AuditLogQuery extends PageQuery {
  /** An actor's e-mail (case-insensitive, exact) or id. */
  actor?: string;
  action?: AuditAction;
  /** 'YYYY-MM-DD', inclusive, UTC. */
  from?: string;
  /** 'YYYY-MM-DD', inclusive, UTC. */
  to?: string;
}

export type AuditLogPage = Page<AuditEntry>;

/** GET /auth/security-events: the signed-in user's own `auth.*` entries, newest first (the last 50). */
export interface SecurityEventsReply {
  items: AuditEntry[];
}
