import type { EntityManager } from 'typeorm';
import { ADMIN_ROLE } from '@portal/auth';
import { ADMIN_USER_TYPE } from '@portal/contracts';
import { USER_ROLE, USER_TYPE_USER } from '../users/user.entity';

export type RoleChange =
  | { outcome: 'promoted' | 'demoted'; userId: string; email: string; sessionVersion: number }
  | { outcome: 'unchanged'; userId: string; email: string; sessionVersion: number }
  | { outcome: 'not-found' };

type Row = { id: string; email: string; session_version: number };

/**
 * Makes the account with this e-mail an admin (`admin: true`) or an ordinary user. A
 * demotion also raises the session version: tokens that still say admin stop working.
 * The only ways to change a role are this (admin CLI) and ADMIN_EMAIL at start.
 */
export async function setAdmin(manager: EntityManager, email: string, admin: boolean): Promise<RoleChange> {
  const [role, userType] = admin ? [ADMIN_ROLE, ADMIN_USER_TYPE] : [USER_ROLE, USER_TYPE_USER];
  const [changed] = (await manager.query(
    `UPDATE users
        SET role = $2, user_type = $3, updated_at = now(),
            session_version = session_version + (CASE WHEN $2 = 'admin' THEN 0 ELSE 1 END)
      WHERE lower(email) = lower($1) AND (role <> $2 OR user_type <> $3)
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
  const existing = (await manager.query(`SELECT id, email, session_version FROM users WHERE lower(email) = lower($1)`, [
    email.trim(),
  ])) as Row[];
  if (!existing[0]) return { outcome: 'not-found' };
  return {
    outcome: 'unchanged',
    userId: existing[0].id,
    email: existing[0].email,
    sessionVersion: existing[0].session_version,
  };
}
