import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../users/user.entity';

export type TokenPurpose = 'verify-email' | 'reset-password' | 'two-factor-challenge';

/**
 * A single-use token sent by e-mail (or, for the two-factor challenge, answered by the password step). Only its SHA-256 is stored: a leaked table gives no
 * usable link. Usable while not used, not invalidated and not expired.
 */
@Entity({ name: 'user_tokens' })
@Unique('user_tokens_token_hash_key', ['tokenHash'])
@Check('user_tokens_purpose_check', "purpose IN ('verify-email', 'reset-password', 'two-factor-challenge')")
@Index('user_tokens_outstanding_idx', ['userId', 'purpose'], { where: 'used_at IS NULL AND invalidated_at IS NULL' })
export class UserToken {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'user_tokens_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  @ForeignKey(() => User, { name: 'user_tokens_user_id_fkey', onDelete: 'CASCADE' })
  userId: string;

  @Column({ type: 'text' })
  purpose: TokenPurpose;

  /** Hex SHA-256 of the token. */
  @Column({ type: 'text' })
  tokenHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** Superseded by a newer token, or by a password reset. */
  @Column({ type: 'timestamptz', nullable: true })
  invalidatedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
