import type { EntityManager } from 'typeorm';

/**
 * Turns the account's second factor off (secret, pending setup, used step and recovery codes gone)
 * and ends its sessions (session version + 1), in the caller's transaction; the new session version,
 * or undefined when the account does not exist or had no second factor, nor one being set up.
 */
export async function turnSecondFactorOff(manager: EntityManager, userId: string): Promise<number | undefined> {
  const [rows] = (await manager.query(
    `UPDATE users
        SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL,
            session_version = session_version + 1, updated_at = now()
      WHERE id = $1 AND (totp_enabled_at IS NOT NULL OR totp_pending_secret IS NOT NULL)
  RETURNING session_version`,
    [userId],
  )) as [Array<{ session_version: number }>, number];
  if (!rows[0]) return undefined;
  await manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  return rows[0].session_version;
}
