import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ROLE } from '@portal/auth';
import { ADMIN_USER_TYPE } from '@portal/contracts';
import { AppConfig } from '@portal/config';
import { DataSource } from 'typeorm';
import { ProfilesService } from '../profiles/profiles.service';
import { PasswordHasher } from '../users/password-hasher';
import { adminSeed, AdminSeed } from './admin-settings';
import { setAdmin } from './admin-accounts';

/**
 * The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD: created verified with that
 * password when missing, promoted when it exists (its password is never touched).
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
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seed = adminSeed(this.config);
    if (!seed) return;
    const outcome = await this.ensureAdmin(seed);
    this.logger.log(`admin account from ADMIN_EMAIL: ${outcome}`);
  }

  async ensureAdmin(seed: AdminSeed): Promise<'created' | 'promoted' | 'unchanged'> {
    // Promote an existing account without hashing anything (the common case at every start).
    const change = await setAdmin(this.dataSource.manager, seed.email, true);
    if (change.outcome !== 'not-found') {
      await this.profiles.ensure(this.dataSource.manager, change.userId);
      return change.outcome === 'unchanged' ? 'unchanged' : 'promoted';
    }

    const passwordHash = await this.hasher.hash(seed.password);
    return this.dataSource.transaction(async (manager) => {
      // Another replica may have inserted it since: then only make sure it is an admin.
      const [row] = (await manager.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, is_verified, verified_at)
         VALUES ($1, $2, 'Admin', '', $3, $4, true, now())
         ON CONFLICT ((lower(email))) DO UPDATE SET role = EXCLUDED.role, user_type = EXCLUDED.user_type
         RETURNING id, (xmax = 0) AS inserted`,
        [seed.email, passwordHash, ADMIN_ROLE, ADMIN_USER_TYPE],
      )) as Array<{ id: string; inserted: boolean }>;
      await this.profiles.ensure(manager, row.id);
      return row.inserted ? 'created' : 'unchanged';
    });
  }
}
