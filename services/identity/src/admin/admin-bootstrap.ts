import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ROLE } from '@portal/auth';
import { ADMIN_USER_TYPE } from '@portal/contracts';
import { AppConfig } from '@portal/config';
import { AuditTrail } from '@portal/events';
import { DataSource } from 'typeorm';
import { ProfilesService } from '../profiles/profiles.service';
import { PasswordHasher } from '../users/password-hasher';
import { adminSeed, AdminSeed } from './admin-settings';
import { NO_REQUEST, recordRoleChange, SET_PASSWORD_FROM_MAILBOX, setAdminAudited } from './admin-accounts';
import { TotpCipher } from '../two-factor/totp-cipher';

/**
 * The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD: created verified with that
 * password when missing, promoted when it exists and its password was set by its mailbox's owner
 * (setAdmin; its password is never touched). An account whose password was chosen at registration is
 * not promoted (whoever registered the address chose it, verified or not): the start goes on without
 * it and logs how to resolve it. With
 * ADMIN_TOTP_SECRET it is enrolled in two-factor sign-in with that secret unless it has a
 * second factor already (one it set up itself is kept); without, it sets one up at first sign-in.
 * Idempotent and safe when several replicas start at once (unique index + ON CONFLICT).
 * A wrong variable stops the start with one line per problem.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly profiles: ProfilesService,
    private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly cipher: TotpCipher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seed = adminSeed(this.config);
    if (!seed) return;
    const { outcome, userId } = await this.ensureAdmin(seed);
    if (outcome === 'password-not-from-mailbox') {
      this.logger.error(
        `admin account from ADMIN_EMAIL: NOT promoted: ${seed.email} was registered with a password chosen at ` +
          `registration, which may be anyone's who typed the address. Once ${SET_PASSWORD_FROM_MAILBOX}, restart; ` +
          `or delete the account and restart to create it with ADMIN_PASSWORD.`,
      );
      return;
    }
    this.logger.log(`admin account from ADMIN_EMAIL: ${outcome}`);
    if (seed.totpSecret && (await this.enrol(userId, seed.email, seed.totpSecret))) {
      this.logger.log('admin account from ADMIN_EMAIL: two-factor sign-in on with ADMIN_TOTP_SECRET');
    }
  }

  async ensureAdmin(
    seed: AdminSeed,
  ): Promise<{ outcome: 'created' | 'promoted' | 'unchanged' | 'password-not-from-mailbox'; userId: string }> {
    // Promote an existing account without hashing anything (the common case at every start).
    const change = await setAdminAudited(this.dataSource, this.audit, seed.email, true, 'ADMIN_EMAIL');
    if (change.outcome === 'password-not-from-mailbox') return { outcome: change.outcome, userId: change.userId };
    if (change.outcome !== 'not-found') {
      await this.profiles.ensure(this.dataSource.manager, change.userId);
      return { outcome: change.outcome === 'unchanged' ? 'unchanged' : 'promoted', userId: change.userId };
    }

    const passwordHash = await this.hasher.hash(seed.password);
    return this.dataSource.transaction(async (manager) => {
      // Another replica may have inserted it since: then only make sure it is an admin. A visitor
      // who registered the address meanwhile is not promoted (setAdmin's rule): no row comes back.
      const [row] = (await manager.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, is_verified, verified_at,
                            password_from_mailbox)
         VALUES ($1, $2, 'Admin', '', $3, $4, true, now(), true)
         ON CONFLICT ((lower(email))) DO UPDATE SET role = EXCLUDED.role, user_type = EXCLUDED.user_type
          WHERE users.is_verified AND users.password_from_mailbox
         RETURNING id, (xmax = 0) AS inserted`,
        [seed.email, passwordHash, ADMIN_ROLE, ADMIN_USER_TYPE],
      )) as Array<{ id: string; inserted: boolean }>;
      if (!row) return { outcome: 'password-not-from-mailbox', userId: '' };
      await this.profiles.ensure(manager, row.id);
      if (!row.inserted) return { outcome: 'unchanged', userId: row.id };
      const created = { outcome: 'promoted', userId: row.id, email: seed.email, sessionVersion: 0 } as const;
      await recordRoleChange(manager, this.audit, created, 'ADMIN_EMAIL', { created: true });
      return { outcome: 'created', userId: row.id };
    });
  }

  /** Two-factor on with `secret`, unless the account has it on already, and recorded; whether it was turned on. */
  private async enrol(userId: string, email: string, secret: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_enabled_at = now(), updated_at = now()
          WHERE id = $1 AND totp_enabled_at IS NULL RETURNING id`,
        [userId, this.cipher.encrypt(userId, secret)],
      )) as [unknown[], number];
      if (rows.length === 0) return false;
      await this.audit.record(manager, NO_REQUEST, 'auth.two_factor_enabled', `user:${userId}`, {
        email,
        via: 'ADMIN_TOTP_SECRET',
      });
      return true;
    });
  }
}
