import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type TokenPurpose = 'verify-email' | 'reset-password';

/**
 * A single-use token sent by e-mail. Only its SHA-256 is stored: a leaked table gives no
 * usable link. Usable while not used, not invalidated and not expired.
 */
@Entity({ name: 'user_tokens' })
export class UserToken {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'user_tokens_pkey' })
  id: string;

  @Column({ type: 'uuid' })
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
