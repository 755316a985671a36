import { BadRequestException, ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TokenService } from '@portal/auth';
import type { LoginReply, LoginRequest, RegisterReply, RegisterRequest, SessionReply } from '@portal/contracts';
import { AuditScope, AuditTrail } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { asActor } from '../common/audit';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { normalizeEmail } from '@portal/http';
import { ProfilesService } from '../profiles/profiles.service';
import { SessionsService } from '../sessions/sessions.service';
import { UserTokens } from '../tokens/user-tokens.service';
import { PasswordHasher } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { VerificationService } from '../verification/verification.service';
import { loginEmail } from './dto/login.dto';
import { LoginThrottle, SignInAttempt } from './login-throttle';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly profiles: ProfilesService,
    private readonly hasher: PasswordHasher,
    private readonly tokenService: TokenService,
    private readonly limiter: RateLimiter,
    private readonly verification: VerificationService,
    private readonly throttle: LoginThrottle,
    private readonly tokens: UserTokens,
    private readonly sessions: SessionsService,
    private readonly audit: AuditTrail,
  ) {}

  /** An unverified account, its profile and the verification mail, committed together. */
  async register(dto: RegisterRequest, ip: string): Promise<RegisterReply> {
    await this.limiter.consume(RATE_LIMITS.registerPerIp, clientKey(ip));

    const passwordHash = await this.hasher.hash(dto.password);
    const user = await this.dataSource.transaction(async (manager) => {
      const created = await this.users.create(manager, {
        email: dto.email,
        passwordHash,
        firstName: dto.first_name,
        lastName: dto.last_name,
      });
      if (!created) return undefined;
      await this.profiles.ensure(manager, created.id);
      await this.verification.issue(manager, created);
      return created;
    });
    if (!user) throw new ConflictException({ detail: MESSAGES.duplicateEmail });

    this.logger.log(`registered user ${user.id}`);
    return { user_id: user.id, email: user.email, is_verified: false, message: MESSAGES.registered };
  }

  /**
   * Same answer, status and work for an unknown e-mail and a wrong password: a dummy hash
   * is verified when there is no account, so timing does not tell them apart. With two-factor on,
   * a correct password answers a challenge for the code step (POST /auth/two-factor/verify), and
   * the address is not trusted (throttle) until the code is right too.
   */
  async login(dto: LoginRequest, scope: AuditScope, userAgent?: string): Promise<LoginReply> {
    const email = loginEmail(dto);
    const account = normalizeEmail(email);
    const ip = scope.client_ip ?? '';
    // The account is read while the throttle decides (a read is cheap; the hash is what it guards),
    // but a refusal is what a refused attempt answers, whatever the read did.
    const reading = this.users.findByEmail(email);
    reading.catch(() => undefined);
    return this.throttle.attempt(account, ip, async (attempt) => {
      const user = await reading;
      // One check per client at a time (an IPv6 one by its /64), in turn with every other (see PasswordHasher).
      const check = user
        ? await this.hasher.verify(dto.password, user.passwordHash, ip)
        : await this.hasher.verifyNothing(dto.password, ip);
      if (!user || !check.valid) {
        await this.failedSignIn(scope, user ?? { email }, user ? 'wrong_password' : 'unknown_email', attempt);
        throw new UnauthorizedException({ detail: MESSAGES.badCredentials });
      }

      if (check.needsRehash) await this.rehash(user, dto.password);
      if (user.totpEnabledAt) {
        await attempt.passed();
        const challenge_token = await this.tokens.issue(this.dataSource.manager, user.id, 'two-factor-challenge');
        return { two_factor_required: true, challenge_token };
      }
      return this.signIn(user, scope, userAgent, { second_factor: 'none' }, attempt);
    });
  }

  /**
   * A wrong password or code (or an unknown e-mail): counted by the throttle and recorded, with the
   * lockout when this failure caused it.
   */
  async failedSignIn(
    scope: AuditScope,
    who: { id: string; email: string } | { email: string },
    reason: 'wrong_password' | 'unknown_email' | 'wrong_code',
    attempt: SignInAttempt,
  ): Promise<void> {
    const locked = attempt.failed();
    const actor = asActor(scope, who);
    const target = 'id' in who ? `user:${who.id}` : null;
    await this.dataSource.transaction(async (manager) => {
      await this.audit.record(manager, actor, 'auth.sign_in_failed', target, { reason });
      if (locked) await this.audit.record(manager, actor, 'auth.locked_out', target, { reason });
    });
  }

  /**
   * A signed-in user confirms who they are with the password (a password change, turning two-factor
   * on): checked and counted as a sign-in's password is; a wrong one is a 400 with `wrongDetail`.
   */
  async confirmPassword(user: User, password: string, scope: AuditScope, wrongDetail: string): Promise<void> {
    const ip = scope.client_ip ?? '';
    await this.throttle.attempt(normalizeEmail(user.email), ip, async (attempt) => {
      if (!(await this.hasher.verify(password, user.passwordHash, ip)).valid) {
        await this.failedConfirmation(scope, user, 'wrong_password', attempt);
        throw new BadRequestException({ detail: wrongDetail });
      }
      await attempt.passed();
    });
  }

  /**
   * A wrong password or code where a signed-in user confirms who they are (a password change, turning
   * two-factor off): counted as a sign-in's, and the lockout it causes recorded as a sign-in's is.
   */
  async failedConfirmation(
    scope: AuditScope,
    user: User,
    reason: 'wrong_password' | 'wrong_code',
    attempt: SignInAttempt,
  ): Promise<void> {
    if (attempt.failed()) await this.audit.recordAlone(scope, 'auth.locked_out', `user:${user.id}`, { reason });
  }

  /** A completed sign-in: the address is trusted, a session row and the audit entry in one statement, a token. */
  async signIn(
    user: User,
    scope: AuditScope,
    userAgent: string | undefined,
    details: Record<string, string>,
    attempt: SignInAttempt,
  ): Promise<SessionReply> {
    // Redis and Postgres at the same time: neither waits for the other.
    const [, [session]] = await Promise.all([
      attempt.succeeded(),
      this.audit.withEntry<{ id: string }>(
        this.dataSource.manager,
        this.sessions.newSession(user.id, user.sessionVersion, scope, userAgent),
        asActor(scope, user),
        'auth.sign_in',
        `user:${user.id}`,
        details,
      ),
    ]);
    return this.session(user, session.id);
  }

  /**
   * A fresh token for the caller's session as the account is now (same session version): the session
   * lives as long as the new token. A token without a session id gets a new session.
   */
  async renewedSession(user: User, sessionId: string | undefined, scope: AuditScope): Promise<SessionReply> {
    const id = await this.sessions.carryOn(this.dataSource.manager, user.id, sessionId, user.sessionVersion, scope);
    return this.session(user, id);
  }

  /** The login answer: a fresh access token and what the web keeps of the user. */
  async session(user: User, sessionId?: string): Promise<SessionReply> {
    const access_token = await this.tokenService.sign({
      sub: user.id,
      email: user.email,
      role: user.role,
      user_type: user.userType,
      is_verified: user.isVerified,
      sv: user.sessionVersion,
      mfa: user.totpEnabledAt !== null,
      ...(sessionId ? { sid: sessionId } : {}),
    });
    return {
      access_token,
      token_type: 'bearer',
      is_verified: user.isVerified,
      user_id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      user_type: user.userType,
    };
  }

  /** The password was stored as scrypt or with other parameters: store it as argon2id with the current ones. */
  private async rehash(user: User, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    // Only if nobody changed the password meanwhile (a reset racing this sign-in).
    await this.dataSource.query(
      `UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2 AND password_hash = $3`,
      [passwordHash, user.id, user.passwordHash],
    );
    this.logger.log(`re-hashed the password of user ${user.id} with the current parameters`);
  }
}
