import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { generateOpaqueToken, hashOpaqueToken } from '@portal/auth';
import { expiresAt, TOKEN_LIFETIMES } from './token-codec';
import { TokenPurpose } from './user-token.entity';

const USABLE = 'used_at IS NULL AND invalidated_at IS NULL AND expires_at > now()';

/** Issues and consumes the e-mailed tokens, always inside the caller's transaction. */
@Injectable()
export class UserTokens {
  /** Stores the hash of a new token and returns the token itself (it exists only in the mail). */
  async issue(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<string> {
    const { token, hash } = generateOpaqueToken();
    await manager.query(`INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      purpose,
      hash,
      expiresAt(new Date(), TOKEN_LIFETIMES[purpose]),
    ]);
    return token;
  }

  /** Every outstanding token of the purpose stops working (a newer one replaces them). */
  async invalidateOutstanding(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await manager.query(
      `UPDATE user_tokens SET invalidated_at = now()
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND invalidated_at IS NULL`,
      [userId, purpose],
    );
  }

  /**
   * Marks the token used and returns its user, or undefined when it is unknown, used,
   * superseded or expired. One UPDATE: two concurrent uses cannot both succeed.
   */
  async consume(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<string | undefined> {
    const rows = (await manager.query(
      `UPDATE user_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = $2 AND ${USABLE} RETURNING user_id`,
      [hashOpaqueToken(token), purpose],
    )) as [Array<{ user_id: string }>, number];
    return rows[0][0]?.user_id;
  }

  /** Whether the token would be accepted now (a cheap check before expensive work). */
  async isUsable(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<boolean> {
    return (await this.holder(manager, token, purpose)) !== undefined;
  }

  /** The user of a token that would be accepted now, without using it up. */
  async holder(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<string | undefined> {
    const rows = (await manager.query(
      `SELECT user_id FROM user_tokens WHERE token_hash = $1 AND purpose = $2 AND ${USABLE}`,
      [hashOpaqueToken(token), purpose],
    )) as Array<{ user_id: string }>;
    return rows[0]?.user_id;
  }
}
