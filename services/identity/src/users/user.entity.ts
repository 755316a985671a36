import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const USER_ROLE = 'user';
export const USER_TYPE_USER = 1;

/**
 * An account. E-mails are unique case-insensitively (unique index on lower(email), see
 * the migration); role and user_type only change through the admin CLI or ADMIN_EMAIL.
 */
@Entity({ name: 'users' })
@Check('users_role_check', "(role = 'user' AND user_type = 1) OR (role = 'admin' AND user_type = 99)")
@Check('users_totp_check', '(totp_secret IS NULL) = (totp_enabled_at IS NULL)')
// Unique on lower(email): an expression TypeORM cannot declare; the migration defines it.
@Index('users_email_lower_key', { synchronize: false })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id: string;

  /** As the user typed it (trimmed); compare with lower(). */
  @Column({ type: 'text' })
  email: string;

  /** argon2id, `$argon2id$v=19$m=…,t=…,p=…$salt$hash`; older accounts `scrypt$…` until they sign in (see password-hasher.ts). */
  @Column({ type: 'text' })
  passwordHash: string;

  @Column({ type: 'text' })
  firstName: string;

  @Column({ type: 'text' })
  lastName: string;

  /** 'user' or 'admin'. */
  @Column({ type: 'text', default: USER_ROLE })
  role: string;

  /** 1 for users, 99 for admins (what the web reads). */
  @Column({ type: 'smallint', default: USER_TYPE_USER })
  userType: number;

  @Column({ type: 'boolean', default: false })
  isVerified: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  /**
   * The password was chosen by whoever holds the mailbox: set through a reset link, created with
   * ADMIN_PASSWORD, or changed from such a password. One chosen at registration may be anyone's (verifying
   * the address later does not change who chose it): such an account is never made an admin (setAdmin).
   */
  @Column({ type: 'boolean', default: false })
  passwordFromMailbox: boolean;

  /** Access tokens carry it as `sv`; raising it ends every session issued before. */
  @Column({ type: 'integer', default: 0 })
  sessionVersion: number;

  /** The authenticator's TOTP secret, encrypted (TotpCipher); set exactly while two-factor is on. */
  @Column({ type: 'text', nullable: true })
  totpSecret: string | null;

  /** A secret from POST /auth/two-factor/setup waiting for its first code (encrypted). */
  @Column({ type: 'text', nullable: true })
  totpPendingSecret: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null;

  /** The 30-second time step of the last code accepted: a code of that step or earlier never works again. */
  @Column({ type: 'integer', nullable: true })
  totpLastStep: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
