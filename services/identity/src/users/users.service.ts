import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { EntityManager, Repository } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { User } from './user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

@Injectable()
export class UsersService {
  /** `column AS "property"` for every column of User: a row of plain SQL that `create` takes as it is. */
  private columns: string | undefined;

  constructor(@InjectRepository(User, 'identity') private readonly users: Repository<User>) {}

  /**
   * The account with this e-mail, compared case-insensitively (as the unique index does). Plain
   * SQL: every sign-in reads it, and the query builder's work showed in the sign-in's profile.
   */
  async findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    this.columns ??= this.users.metadata.columns
      .map((column) => `${column.databaseName} AS "${column.propertyName}"`)
      .join(', ');
    const [row] = (await (manager ?? this.users.manager).query(
      `SELECT ${this.columns} FROM users WHERE lower(email) = lower($1)`,
      [email.trim()],
    )) as Partial<User>[];
    return row ? this.users.create(row) : null;
  }

  async findById(id: string, manager?: EntityManager): Promise<User | null> {
    if (!UUID.test(id)) return null;
    return (manager ? manager.getRepository(User) : this.users).findOneBy({ id });
  }

  /** Inserts an unverified user; undefined when the e-mail is taken (even by a concurrent insert). */
  async create(manager: EntityManager, user: NewUser): Promise<User | undefined> {
    const rows = (await manager.query(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [user.email, user.passwordHash, user.firstName, user.lastName],
    )) as Array<{ id: string }>;
    return rows[0] ? ((await this.findById(rows[0].id, manager)) ?? undefined) : undefined;
  }

  /**
   * The signed-in user as the database has it now. The guard has already checked the
   * token against the revocations cached in Redis; this also holds when that cache missed a
   * revocation: a token whose session version is below the user's, or whose session was signed
   * out, is refused.
   */
  async sessionUser(auth: AuthUser): Promise<User> {
    const [user, ended] = await Promise.all([
      this.findById(auth.id),
      auth.sessionId !== undefined && this.sessionEnded(auth.sessionId),
    ]);
    if (!user) throw new UnauthorizedException({ detail: MESSAGES.notAuthenticated });
    if (auth.sessionVersion < user.sessionVersion || ended) {
      throw new UnauthorizedException({ detail: MESSAGES.sessionExpired });
    }
    return user;
  }

  private async sessionEnded(sessionId: string): Promise<boolean> {
    const rows = (await this.users.manager.query(`SELECT 1 FROM sessions WHERE id = $1 AND ended_at IS NOT NULL`, [
      sessionId,
    ])) as unknown[];
    return rows.length > 0;
  }
}
