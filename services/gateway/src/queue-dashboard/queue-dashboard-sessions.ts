import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  ADMIN_ROLE,
  AuthUser,
  jwtKeys,
  SESSION_CHECK_UNAVAILABLE,
  SessionCheckUnavailableException,
  SessionRevocation,
} from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { SerializeOptions } from '@fastify/cookie';
import { createSecretKey, hkdfSync, KeyObject } from 'node:crypto';

/** Where the board lives: outside /api (its own UI and API) and clear of the web app's /admin. */
export const QUEUE_DASHBOARD_PATH = '/queues';
export const QUEUE_DASHBOARD_COOKIE = 'portal_queue_dashboard';
/** A dashboard session never outlives this, nor the access tokens of the deployment. */
export const QUEUE_DASHBOARD_SESSION_SECONDS = 15 * 60;

// Not the access tokens' issuer: a session cookie is no bearer token, and a bearer token is no session.
const SESSION_ISSUER = 'portal-queue-dashboard';
const SESSION_AUDIENCE = 'queue-dashboard';
const SESSION_ALGORITHM = 'HS256';

export const QUEUE_DASHBOARD_MESSAGES = {
  noSession: 'Open the queue dashboard from the admin panel: this dashboard session is missing or has expired',
  sessionEnded: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  crossSite: 'The queue dashboard only accepts changes made from its own pages',
  changeRefused:
    'The queue dashboard only retries, removes and cleans jobs and pauses and resumes queues; the services make every other change',
  notRecorded: 'The queue dashboard cannot be opened right now: its opening could not be recorded. Please try again.',
  noSigningKey:
    'The queue dashboard needs a session key on the gateway (QUEUE_DASHBOARD_SESSION_SECRET, or the access tokens’ JWT_SECRET or JWT_PRIVATE_KEY)',
} as const;

interface SessionClaims {
  sub: string;
  email: string;
  role: string;
  /** The admin's session version when the session was opened: a revocation ends it too. */
  sv: number;
  /** The admin's sign-in it was opened from: signing that out ends it too. */
  sid?: string;
}

export interface Refusal {
  status: 401 | 403 | 503;
  detail: string;
}

/**
 * The key of the dashboard's sessions (HS256): QUEUE_DASHBOARD_SESSION_SECRET, its own, so a gateway
 * that cannot sign access tokens (split mode with RS256: the private key stays in identity) still
 * opens sessions; without it (all-in-one and development need no setting), a key derived (HKDF) from
 * the access tokens' signing key. Never that key itself: a session cookie could then verify as an
 * access token, or an access token as a session, wherever the issuer and audience were not checked.
 * Undefined when the gateway has neither.
 */
export function queueDashboardSessionKey(config: AppConfig): KeyObject | undefined {
  if (config.QUEUE_DASHBOARD_SESSION_SECRET) return createSecretKey(Buffer.from(config.QUEUE_DASHBOARD_SESSION_SECRET));
  const { signingKey } = jwtKeys(config);
  if (!signingKey) return undefined;
  const material =
    signingKey.type === 'secret' ? signingKey.export() : signingKey.export({ format: 'der', type: 'pkcs8' });
  return createSecretKey(Buffer.from(hkdfSync('sha256', material, '', 'portal queue-dashboard session v1', 32)));
}

/**
 * The queue dashboard's own sessions: a short-lived JWT in an HttpOnly, SameSite=Strict cookie
 * scoped to the board's path, signed with queueDashboardSessionKey(). It names the admin, their
 * session version and sign-in, so ending the admin's sessions (password reset, demotion) or signing
 * out the sign-in it was opened from ends it at once.
 */
@Injectable()
export class QueueDashboardSessions {
  private parsedKey?: KeyObject | null;

  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly revocation: SessionRevocation,
  ) {}

  /**
   * At most 15 minutes, and never longer than an access token lives: session revocations are
   * only remembered that long, so a session must not outlive the record that ends it.
   */
  get lifetimeSeconds(): number {
    return Math.min(QUEUE_DASHBOARD_SESSION_SECONDS, this.config.ACCESS_TOKEN_TTL_SECONDS);
  }

  /**
   * The signed value of the session cookie (QUEUE_DASHBOARD_COOKIE) that opens the board to `admin`, and
   * how long it lives: lifetimeSeconds, and never past the access token it is opened with. The end of a
   * sign-in (Sign Out) is remembered only while the sign-in would have lasted, which is the token's life.
   */
  async open(admin: AuthUser): Promise<{ value: string; seconds: number }> {
    const key = this.key();
    if (!key) throw new ServiceUnavailableException({ detail: QUEUE_DASHBOARD_MESSAGES.noSigningKey });
    const claims: SessionClaims = {
      sub: admin.id,
      email: admin.email,
      role: admin.role,
      sv: admin.sessionVersion,
      sid: admin.sessionId,
    };
    const tokenLeft =
      admin.expiresAt === undefined ? this.lifetimeSeconds : admin.expiresAt - Math.floor(Date.now() / 1000);
    const seconds = Math.max(1, Math.min(this.lifetimeSeconds, tokenLeft));
    const value = await this.jwt.signAsync(claims, {
      algorithm: SESSION_ALGORITHM,
      privateKey: key,
      expiresIn: seconds,
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    return { value, seconds };
  }

  /** Sent only to the board, never readable by scripts, never on a cross-site request; `seconds` as open() said. */
  cookieOptions(seconds: number): SerializeOptions {
    return {
      path: QUEUE_DASHBOARD_PATH,
      maxAge: seconds,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.isProduction,
    };
  }

  /** Why a request with this cookie value may not see the board, or undefined when it may. */
  async refusal(cookie: string | undefined): Promise<Refusal | undefined> {
    if (!cookie) return { status: 401, detail: QUEUE_DASHBOARD_MESSAGES.noSession };
    const key = this.key();
    if (!key) return { status: 401, detail: QUEUE_DASHBOARD_MESSAGES.noSession };
    let claims: SessionClaims;
    try {
      claims = await this.jwt.verifyAsync<SessionClaims & object>(cookie, {
        // One algorithm only: an RS256 access token is refused before any key is tried.
        algorithms: [SESSION_ALGORITHM],
        // jsonwebtoken takes the parsed key as is; the option's type says string or Buffer.
        publicKey: key as unknown as Buffer,
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
      });
    } catch {
      return { status: 401, detail: QUEUE_DASHBOARD_MESSAGES.noSession };
    }
    if (claims.role !== ADMIN_ROLE) return { status: 403, detail: QUEUE_DASHBOARD_MESSAGES.forbidden };
    if (typeof claims.sub !== 'string' || !Number.isInteger(claims.sv)) {
      return { status: 401, detail: QUEUE_DASHBOARD_MESSAGES.noSession };
    }
    try {
      // Strict, as on every admin route: no board when revocations cannot be checked.
      if (await this.revocation.isRevoked({ id: claims.sub, sessionVersion: claims.sv, sessionId: claims.sid }, true)) {
        return { status: 401, detail: QUEUE_DASHBOARD_MESSAGES.sessionEnded };
      }
    } catch (error) {
      if (error instanceof SessionCheckUnavailableException) return { status: 503, detail: SESSION_CHECK_UNAVAILABLE };
      throw error;
    }
    return undefined;
  }

  /**
   * The admin a session cookie names, for the audit log. Only for a cookie `refusal()` accepted in
   * this request: it is not verified again here.
   */
  admin(cookie: string): { id: string; email: string } {
    const claims = this.jwt.decode<SessionClaims>(cookie);
    return { id: claims.sub, email: claims.email };
  }

  private key(): KeyObject | undefined {
    if (this.parsedKey === undefined) this.parsedKey = queueDashboardSessionKey(this.config) ?? null;
    return this.parsedKey ?? undefined;
  }
}
