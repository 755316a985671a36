import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLE } from '@portal/auth';
import { ADMIN_USER_TYPE } from '@portal/contracts';
import type { AuditScope, AuditTrail } from '@portal/events';
import type { SecurityNotices } from '../account-security/security-notices';
import { turnSecondFactorOff } from '../two-factor/second-factor-off';
import { USER_ROLE, USER_TYPE_USER } from '../users/user.entity';

export type RoleChange =
  | { outcome: 'promoted' | 'demoted'; userId: string; email: string; sessionVersion: number }
  | { outcome: 'unchanged'; userId: string; email: string; sessionVersion: number }
  /** Not promoted: its password was chosen at registration, by anyone who typed the address (see setAdmin). */
  | { outcome: 'password-not-from-mailbox'; userId: string; email: string }
  | { outcome: 'not-found' };

type Row = { id: string; email: string; session_version: number };

/** How a role was changed: the admin CLI, or ADMIN_EMAIL at start. */
export type RoleChangeVia = 'cli' | 'ADMIN_EMAIL';

/**
 * A role changed by the CLI or at start has no signed-in actor, no client address and no request:
 * its audit entry names no actor (actor null) and says how it was done in its details
 * ({"via": "cli"} or {"via": "ADMIN_EMAIL"}). Whoever ran the CLI held the database credentials.
 */
/** The scope of what no request did (the command line, the start of the process). */
export const NO_REQUEST: AuditScope = { actor_id: null, actor_email: null, client_ip: null, request_id: null };

/** The audit entry of a promotion or a demotion, in the transaction that made it (`manager`). */
export async function recordRoleChange(
  manager: EntityManager,
  audit: AuditTrail,
  change: RoleChange,
  via: RoleChangeVia,
  details: Record<string, boolean> = {},
): Promise<void> {
  if (change.outcome !== 'promoted' && change.outcome !== 'demoted') return;
  const action = change.outcome === 'promoted' ? 'admin.role_promoted' : 'admin.role_demoted';
  await audit.record(manager, NO_REQUEST, action, `user:${change.userId}`, { email: change.email, via, ...details });
}

/** setAdmin and its audit entry, in one transaction. */
export async function setAdminAudited(
  dataSource: DataSource,
  audit: AuditTrail,
  email: string,
  admin: boolean,
  via: RoleChangeVia,
): Promise<RoleChange> {
  return dataSource.transaction(async (manager) => {
    const change = await setAdmin(manager, email, admin);
    await recordRoleChange(manager, audit, change, via);
    return change;
  });
}

/** What the owner of an address does so that its account may become an admin (setAdmin). */
export const SET_PASSWORD_FROM_MAILBOX =
  "its owner sets a new password with 'Forgot password?' on the sign-in page (the link goes to the address)";

/**
 * Makes the account with this e-mail an admin (`admin: true`) or an ordinary user. Only an account
 * whose password its mailbox's owner set becomes an admin (users.password_from_mailbox: a reset link,
 * ADMIN_PASSWORD): anyone may register an address the firm's staff will use, choose the password and
 * turn on a second factor of their own, and the owner's later click on the verification link would not
 * change who holds them. Such an account is left as it is. A
 * demotion also raises the session version: tokens that still say admin stop working.
 * The only ways to change a role are this (admin CLI) and ADMIN_EMAIL at start; both go
 * through setAdminAudited, which writes the audit entry with the change.
 */
export async function setAdmin(manager: EntityManager, email: string, admin: boolean): Promise<RoleChange> {
  const [role, userType] = admin ? [ADMIN_ROLE, ADMIN_USER_TYPE] : [USER_ROLE, USER_TYPE_USER];
  const [changed] = (await manager.query(
    `UPDATE users
        SET role = $2, user_type = $3, updated_at = now(),
            session_version = session_version + (CASE WHEN $2 = 'admin' THEN 0 ELSE 1 END)
      WHERE lower(email) = lower($1) AND (role <> $2 OR user_type <> $3)
        AND ($2 <> 'admin' OR (is_verified AND password_from_mailbox))
  RETURNING id, email, session_version`,
    [email.trim(), role, userType],
  )) as [Row[], number];
  if (changed[0]) {
    const row = changed[0];
    return {
      outcome: admin ? 'promoted' : 'demoted',
      userId: row.id,
      email: row.email,
      sessionVersion: row.session_version,
    };
  }
  const existing = (await manager.query(
    `SELECT id, email, session_version, role, user_type FROM users WHERE lower(email) = lower($1)`,
    [email.trim()],
  )) as Array<Row & { role: string; user_type: number }>;
  if (!existing[0]) return { outcome: 'not-found' };
  const { role: currentRole, user_type: currentType } = existing[0];
  // Not changed although it is not one yet: the rule above refused it.
  if (admin && (currentRole !== role || currentType !== userType)) {
    return { outcome: 'password-not-from-mailbox', userId: existing[0].id, email: existing[0].email };
  }
  return {
    outcome: 'unchanged',
    userId: existing[0].id,
    email: existing[0].email,
    sessionVersion: existing[0].session_version,
  };
}

export type TwoFactorReset =
  | { outcome: 'reset'; userId: string; email: string; sessionVersion: number }
  | { outcome: 'not-enabled'; email: string }
  | { outcome: 'not-found' };

/**
 * For an account whose owner lost both the authenticator and the recovery codes (the admin CLI's
 * `reset-two-factor`): the second factor goes, every session ends, and the audit log records
 * `auth.two_factor_disabled` with {"via": "cli", "reset": true}, and the account's address is told
 * (a notice without a client address: no request made it). An admin then sets a new one up at the
 * next sign-in (nothing else is open to them until they do); a client signs in with the password.
 */
export async function resetTwoFactorAudited(
  dataSource: DataSource,
  audit: AuditTrail,
  notices: SecurityNotices,
  email: string,
): Promise<TwoFactorReset> {
  return dataSource.transaction(async (manager) => {
    const [user] = (await manager.query(`SELECT id, email, first_name FROM users WHERE lower(email) = lower($1)`, [
      email.trim(),
    ])) as Array<{ id: string; email: string; first_name: string }>;
    if (!user) return { outcome: 'not-found' };
    const sessionVersion = await turnSecondFactorOff(manager, user.id);
    if (sessionVersion === undefined) return { outcome: 'not-enabled', email: user.email };
    await audit.record(manager, NO_REQUEST, 'auth.two_factor_disabled', `user:${user.id}`, {
      email: user.email,
      via: 'cli',
      reset: true,
    });
    await notices.queue(manager, { email: user.email, firstName: user.first_name }, 'two-factor-reset', null);
    return { outcome: 'reset', userId: user.id, email: user.email, sessionVersion };
  });
}
