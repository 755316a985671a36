import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SessionRevocation } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { ActiveSession } from '@portal/contracts';
import type { AuditScope } from '@portal/events';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager } from 'typeorm';

/** Longer user agents are cut: the list shows them, nothing depends on them. */
const USER_AGENT_MAX_LENGTH = 512;
/** The most sessions GET /auth/sessions lists. */
const LISTED = 50;

interface SessionRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  client_ip: string | null;
  user_agent: string | null;
}

/**
 * Sign-ins (one row each, its id in the token as `sid`) and the session version that ends them:
 * a password change or reset, turning two-factor on or off and "sign out everywhere" raise it in
 * the transaction of the change, then publish it to every service's guard. One sign-in ends on its
 * own (Sign Out) by its `ended_at`, published the same way.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly revocation: SessionRevocation,
    private readonly config: AppConfig,
  ) {}

  /** A new sign-in of `userId` at `sessionVersion`; its id goes into the token. */
  async start(
    manager: EntityManager,
    userId: string,
    sessionVersion: number,
    scope: Pick<AuditScope, 'client_ip'>,
    userAgent: string | undefined,
  ): Promise<string> {
    const { sql, params } = this.newSession(userId, sessionVersion, scope, userAgent);
    const [row] = (await manager.query(sql, params)) as Array<{ id: string }>;
    return row.id;
  }

  /** The INSERT of `start`, answering the session's `id`: to run with an audit entry (AuditTrail.withEntry). */
  newSession(
    userId: string,
    sessionVersion: number,
    scope: Pick<AuditScope, 'client_ip'>,
    userAgent: string | undefined,
  ): { sql: string; params: unknown[] } {
    return {
      sql: `INSERT INTO sessions (user_id, session_version, client_ip, user_agent, expires_at)
            VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id`,
      params: [userId, sessionVersion, scope.client_ip, userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null, this.ttl],
    };
  }

  /**
   * The caller's session goes on under a new session version (with a new token): the others end.
   * A token without a session id (issued before sessions were kept) gets a new session.
   */
  async carryOn(
    manager: EntityManager,
    userId: string,
    sessionId: string | undefined,
    sessionVersion: number,
    scope: Pick<AuditScope, 'client_ip'>,
  ): Promise<string> {
    if (sessionId) {
      const [rows] = (await manager.query(
        `UPDATE sessions SET session_version = $3, expires_at = now() + make_interval(secs => $4)
          WHERE id = $1 AND user_id = $2 RETURNING id`,
        [sessionId, userId, sessionVersion, this.ttl],
      )) as [Array<{ id: string }>, number];
      if (rows[0]) return sessionId;
    }
    return this.start(manager, userId, sessionVersion, scope, undefined);
  }

  /**
   * Raises the user's session version (every token issued before stops working once published): the new
   * version, or undefined when it was raised past `seenVersion` meanwhile (a concurrent sign-out
   * everywhere ended these sessions already; the row lock makes this one wait for it and then see it).
   */
  async endAll(manager: EntityManager, userId: string, seenVersion: number): Promise<number | undefined> {
    const [rows] = (await manager.query(
      `UPDATE users SET session_version = session_version + 1, updated_at = now()
        WHERE id = $1 AND session_version <= $2 RETURNING session_version`,
      [userId, seenVersion],
    )) as [Array<{ session_version: number }>, number];
    return rows[0]?.session_version;
  }

  /** After the commit: every service's guard refuses the older tokens now. */
  async publish(userId: string, sessionVersion: number): Promise<void> {
    try {
      await this.revocation.publish(userId, sessionVersion);
    } catch (error) {
      // The version is in Postgres already: every guard reads it there once its cached copy
      // expires (SESSION_VERSION_CACHE_SECONDS); identity's own routes check it at once.
      this.logger.error(`could not publish the session revocation of user ${userId}: ${(error as Error).message}`);
    }
  }

  /**
   * Ends one working session of `userId` (its token stops working once published); false when there is
   * none by that id: another account's, expired, ended already, or ended with the others.
   */
  async end(manager: EntityManager, userId: string, sessionId: string): Promise<boolean> {
    if (!isUUID(sessionId)) return false;
    const [rows] = (await manager.query(
      `UPDATE sessions s SET ended_at = now()
         FROM users u
        WHERE s.id = $1 AND s.user_id = $2 AND u.id = s.user_id AND s.session_version = u.session_version
          AND s.ended_at IS NULL AND s.expires_at > now()
        RETURNING s.id`,
      [sessionId, userId],
    )) as [Array<{ id: string }>, number];
    return rows.length > 0;
  }

  /** After the commit of `end`: every service's guard refuses the session's token now. */
  async publishEnded(userId: string, sessionId: string): Promise<void> {
    try {
      await this.revocation.publishEnded(userId, sessionId);
    } catch (error) {
      // As for publish: the guards read it in Postgres once their cached copy expires.
      this.logger.error(`could not publish the end of session ${sessionId}: ${(error as Error).message}`);
    }
  }

  /** The sessions of `userId` whose tokens still work, newest first. */
  async list(userId: string, sessionVersion: number, currentId: string | undefined): Promise<ActiveSession[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, created_at, expires_at, client_ip, user_agent FROM sessions
        WHERE user_id = $1 AND session_version = $2 AND expires_at > now() AND ended_at IS NULL
        ORDER BY created_at DESC LIMIT ${LISTED}`,
      [userId, sessionVersion],
    )) as SessionRow[];
    return rows.map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      client_ip: row.client_ip,
      user_agent: row.user_agent,
      current: row.id === currentId,
    }));
  }

  private get ttl(): number {
    return this.config.ACCESS_TOKEN_TTL_SECONDS;
  }
}
