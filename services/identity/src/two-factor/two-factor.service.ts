import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import {
  TWO_FACTOR_MESSAGES,
  type SessionReply,
  type TwoFactorDisableReply,
  type TwoFactorEnableReply,
  type TwoFactorSetupReply,
  type TwoFactorStatusReply,
} from '@portal/contracts';
import { AuditScope, AuditTrail } from '@portal/events';
import { normalizeEmail } from '@portal/http';
import { DataSource, EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { LoginThrottle } from '../auth/login-throttle';
import { asActor } from '../common/audit';
import { SessionsService } from '../sessions/sessions.service';
import { UserTokens } from '../tokens/user-tokens.service';
import { PasswordHasher } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { SecurityNotices } from '../account-security/security-notices';
import { RecoveryCodeHasher } from './recovery-code-hasher';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { turnSecondFactorOff } from './second-factor-off';
import { TotpCipher } from './totp-cipher';
import { WrongCodes } from './wrong-codes';

const CHALLENGE = 'two-factor-challenge';

/** How a second factor was given. */
type SecondFactor = 'totp' | 'recovery_code';

/**
 * Two-factor sign-in with an authenticator app (TOTP): setting it up (a secret confirmed by a first
 * code), the code step of sign-in, recovery codes, turning it off. Every wrong code counts toward the
 * same lockout as a wrong password (LoginThrottle), and toward the account's daily limit of wrong codes
 * (WrongCodes); a code is accepted once (the last time step used is stored); secrets are stored
 * encrypted (TotpCipher).
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly tokens: UserTokens,
    private readonly cipher: TotpCipher,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionsService,
    private readonly audit: AuditTrail,
    private readonly config: AppConfig,
    private readonly recoveryCodeHasher: RecoveryCodeHasher,
    private readonly notices: SecurityNotices,
    private readonly wrongCodes: WrongCodes,
  ) {}

  async status(caller: AuthUser): Promise<TwoFactorStatusReply> {
    const user = await this.users.sessionUser(caller);
    const [{ left }] = (await this.dataSource.query(
      `SELECT count(*)::int AS left FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [user.id],
    )) as Array<{ left: number }>;
    return {
      enabled: user.totpEnabledAt !== null,
      enabled_at: user.totpEnabledAt?.toISOString() ?? null,
      recovery_codes_left: user.totpEnabledAt ? left : 0,
    };
  }

  /**
   * A new secret waiting for its first code (it replaces one that was never confirmed). Only on a
   * verified address: anyone can register someone else's, and an authenticator put on it before its
   * owner has it would survive the owner's password reset and keep them out.
   */
  async setup(caller: AuthUser): Promise<TwoFactorSetupReply> {
    const user = await this.users.sessionUser(caller);
    if (user.totpEnabledAt) throw new ConflictException({ detail: TWO_FACTOR_MESSAGES.alreadyEnabled });
    assertVerified(user);
    const secret = newTotpSecret();
    await this.dataSource.query(`UPDATE users SET totp_pending_secret = $2, updated_at = now() WHERE id = $1`, [
      user.id,
      this.cipher.encrypt(user.id, secret),
    ]);
    return { secret, otpauth_url: otpauthUrl(this.config.BRAND_NAME, user.email, secret) };
  }

  /**
   * With the password (a stolen session alone must not put its own authenticator on the account and
   * lock the owner out; wrong ones count toward the sign-in lockout), the first code confirms the
   * secret: two-factor is on, ten recovery codes replace any earlier ones, every other session ends
   * and the caller's goes on with a new token (`mfa: true`). The account's address is told: an
   * authenticator that is not the owner's would keep them out.
   */
  async enable(caller: AuthUser, password: string, code: string, scope: AuditScope): Promise<TwoFactorEnableReply> {
    const user = await this.users.sessionUser(caller);
    if (user.totpEnabledAt) throw new ConflictException({ detail: TWO_FACTOR_MESSAGES.alreadyEnabled });
    assertVerified(user);
    if (!user.totpPendingSecret) throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.noSetup });
    await this.auth.confirmPassword(user, password, scope, TWO_FACTOR_MESSAGES.wrongPassword);
    const step = matchTotp(this.cipher.decrypt(user.id, user.totpPendingSecret), code, null);
    if (step === undefined) throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.invalidCode });

    const recoveryCodes = newRecoveryCodes();
    const changed = await this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE users
            SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(),
                totp_last_step = $3, session_version = session_version + 1, updated_at = now()
          WHERE id = $1 AND totp_enabled_at IS NULL AND totp_pending_secret = $2
      RETURNING session_version`,
        [user.id, user.totpPendingSecret, step],
      )) as [Array<{ session_version: number }>, number];
      // Another request turned it on, or set up another secret, meanwhile.
      if (!rows[0]) return undefined;
      await this.replaceRecoveryCodes(manager, user.id, recoveryCodes);
      const sessionVersion = rows[0].session_version;
      const sessionId = await this.sessions.carryOn(manager, user.id, caller.sessionId, sessionVersion, scope);
      await this.audit.record(manager, scope, 'auth.two_factor_enabled', `user:${user.id}`);
      await this.notices.queue(manager, user, 'two-factor-enabled', scope.client_ip);
      return { sessionVersion, sessionId };
    });
    if (!changed) throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.noSetup });
    await this.sessions.publish(user.id, changed.sessionVersion);
    this.logger.log(`user ${user.id} turned two-factor sign-in on; other sessions ended`);

    const session = await this.renewedSession(user.id, changed.sessionId);
    return { recovery_codes: recoveryCodes, access_token: session.access_token, token_type: 'bearer' };
  }

  /**
   * Off, with the password and a current code (or a recovery code); wrong ones count toward the
   * sign-in lockout. Every other session ends; the caller's goes on with a new token. The account's
   * address is told.
   */
  async disable(caller: AuthUser, password: string, code: string, scope: AuditScope): Promise<TwoFactorDisableReply> {
    const user = await this.users.sessionUser(caller);
    if (!user.totpEnabledAt) throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.notEnabled });
    const ip = scope.client_ip ?? '';
    const changed = await this.throttle.attempt(normalizeEmail(user.email), ip, async (attempt) => {
      if (!(await this.hasher.verify(password, user.passwordHash, ip)).valid) {
        await this.auth.failedConfirmation(scope, user, 'wrong_password', attempt);
        throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.wrongPassword });
      }
      const off = await this.dataSource.transaction(async (manager) => {
        const factor = await this.checkSecondFactor(manager, user, code, scope);
        if (!factor) return undefined;
        const sessionVersion = await turnSecondFactorOff(manager, user.id);
        // Turned off meanwhile by another request: this one changes nothing.
        if (sessionVersion === undefined) throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.notEnabled });
        const sessionId = await this.sessions.carryOn(manager, user.id, caller.sessionId, sessionVersion, scope);
        await this.audit.record(manager, scope, 'auth.two_factor_disabled', `user:${user.id}`, {
          second_factor: factor,
        });
        await this.notices.queue(manager, user, 'two-factor-disabled', scope.client_ip);
        return { sessionVersion, sessionId };
      });
      if (!off) {
        await this.wrongCodes.failed(user, scope.client_ip);
        await this.auth.failedConfirmation(scope, user, 'wrong_code', attempt);
        throw new BadRequestException({ detail: TWO_FACTOR_MESSAGES.invalidCode });
      }
      await attempt.passed();
      return off;
    });
    await this.sessions.publish(user.id, changed.sessionVersion);
    this.logger.log(`user ${user.id} turned two-factor sign-in off; other sessions ended`);

    const session = await this.renewedSession(user.id, changed.sessionId);
    return { message: TWO_FACTOR_MESSAGES.disabled, access_token: session.access_token, token_type: 'bearer' };
  }

  /**
   * The code step of sign-in. The challenge works until it expires or is used by a right code;
   * wrong codes count toward the lockout of the address for the account, as wrong passwords do.
   */
  async verify(challenge: string, code: string, scope: AuditScope, userAgent?: string): Promise<SessionReply> {
    const invalid = () => new UnauthorizedException({ detail: TWO_FACTOR_MESSAGES.invalidChallenge });
    const userId = await this.tokens.holder(this.dataSource.manager, challenge, CHALLENGE);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user?.totpEnabledAt) throw invalid();
    return this.throttle.attempt(normalizeEmail(user.email), scope.client_ip ?? '', async (attempt) => {
      const actor = asActor(scope, user);
      const outcome = await this.dataSource.transaction(async (manager) => {
        const factor = await this.checkSecondFactor(manager, user, code, actor);
        if (!factor) return 'wrong-code' as const;
        // Single use: of two requests with right codes, one signs in (the other's code is not used up).
        if (!(await this.tokens.consume(manager, challenge, CHALLENGE))) throw invalid();
        return factor;
      });
      if (outcome === 'wrong-code') {
        await this.wrongCodes.failed(user, scope.client_ip);
        await this.auth.failedSignIn(scope, user, 'wrong_code', attempt);
        throw new UnauthorizedException({ detail: TWO_FACTOR_MESSAGES.invalidCode });
      }
      return this.auth.signIn(user, scope, userAgent, { second_factor: outcome }, attempt);
    });
  }

  /**
   * A six-digit code of a step after the last one used (stored, so it never works again), or an
   * unused recovery code (used up, and recorded): how it was given, or undefined when neither.
   */
  private async checkSecondFactor(
    manager: EntityManager,
    user: User,
    code: string,
    actor: AuditScope,
  ): Promise<SecondFactor | undefined> {
    const recovery = normalizeRecoveryCode(code);
    if (recovery) {
      const [used] = (await manager.query(
        `UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = ANY($2::text[]) AND used_at IS NULL RETURNING id`,
        [user.id, this.recoveryCodeHasher.candidates(user.id, recovery)],
      )) as [unknown[], number];
      if (!used.length) return undefined;
      await this.audit.record(manager, actor, 'auth.recovery_code_used', `user:${user.id}`);
      return 'recovery_code';
    }
    if (!user.totpSecret) return undefined;
    await this.wrongCodes.refuseWhenTooMany(user.id);
    const step = matchTotp(this.cipher.decrypt(user.id, user.totpSecret), code, user.totpLastStep);
    if (step === undefined) return undefined;
    // Only if no request took this step (or a later one) meanwhile.
    const [taken] = (await manager.query(
      `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [user.id, step],
    )) as [unknown[], number];
    return taken.length ? 'totp' : undefined;
  }

  private async replaceRecoveryCodes(manager: EntityManager, userId: string, codes: string[]): Promise<void> {
    await manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    await manager.query(`INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
      userId,
      codes.map((code) => this.recoveryCodeHasher.hash(userId, normalizeRecoveryCode(code)!)),
    ]);
  }

  /** A token for the caller's session as the account is now (new session version, mfa claim). */
  private async renewedSession(userId: string, sessionId: string): Promise<SessionReply> {
    const user = await this.users.findById(userId);
    return this.auth.session(user!, sessionId);
  }
}

/** Two-factor goes on only for an address its owner has confirmed (see setup). */
function assertVerified(user: User): void {
  if (!user.isVerified) throw new ForbiddenException({ detail: TWO_FACTOR_MESSAGES.verifyEmailFirst });
}
