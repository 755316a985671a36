import { BadRequestException, Injectable, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import type { ChangePasswordReply, MessageReply, SessionsReply } from '@portal/contracts';
import { AuditScope, AuditTrail } from '@portal/events';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { MESSAGES } from '../common/messages';
import { SessionsService } from '../sessions/sessions.service';
import { UserTokens } from '../tokens/user-tokens.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersService } from '../users/users.service';
import { SecurityNotices } from './security-notices';
import { WrongCodes } from '../two-factor/wrong-codes';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Incorrect password',
  samePassword: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed. You were signed out everywhere else.',
  signedOutEverywhere: 'You were signed out everywhere.',
  signedOut: 'You are signed out.',
  sessionEnded: 'That session is signed out.',
  noSuchSession: 'This session was not found or has already ended.',
} as const;

/**
 * The account's own security on /settings: a password change (which ends every other session: the
 * caller goes on with a new token), the sessions whose tokens still work, signing out one of them
 * (Sign Out: the caller's own) and "sign out everywhere" (which ends them all, the caller's included).
 */
@Injectable()
export class AccountSecurityService {
  private readonly logger = new Logger(AccountSecurityService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
    private readonly audit: AuditTrail,
    private readonly tokens: UserTokens,
    private readonly notices: SecurityNotices,
    private readonly wrongCodes: WrongCodes,
  ) {}

  /**
   * Wrong current passwords count toward the sign-in lockout (a stolen session cannot guess it). The
   * reset links mailed before stop working too: one in the wrong hands would otherwise undo the change.
   * The account's address is told (a stolen session with a guessed password must not change it unseen).
   */
  async changePassword(
    caller: AuthUser,
    currentPassword: string,
    newPassword: string,
    scope: AuditScope,
  ): Promise<ChangePasswordReply> {
    const user = await this.users.sessionUser(caller);
    await this.auth.confirmPassword(user, currentPassword, scope, ACCOUNT_MESSAGES.wrongPassword);
    if (currentPassword === newPassword) throw new BadRequestException({ detail: ACCOUNT_MESSAGES.samePassword });

    const passwordHash = await this.hasher.hash(newPassword);
    const changed = await this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE users SET password_hash = $2, session_version = session_version + 1, updated_at = now()
          WHERE id = $1 AND password_hash = $3 RETURNING session_version`,
        [user.id, passwordHash, user.passwordHash],
      )) as [Array<{ session_version: number }>, number];
      // Changed by another request (a reset) meanwhile: the current password checked is no longer it.
      if (!rows[0]) return undefined;
      const sessionVersion = rows[0].session_version;
      await this.tokens.invalidateOutstanding(manager, user.id, 'reset-password');
      const sessionId = await this.sessions.carryOn(manager, user.id, caller.sessionId, sessionVersion, scope);
      await this.audit.record(manager, scope, 'auth.password_changed', `user:${user.id}`);
      await this.notices.queue(manager, user, 'password-changed', scope.client_ip);
      return { sessionVersion, sessionId };
    });
    if (!changed) throw new BadRequestException({ detail: ACCOUNT_MESSAGES.wrongPassword });
    await this.sessions.publish(user.id, changed.sessionVersion);
    await this.wrongCodes.forget(user.id);
    this.logger.log(`user ${user.id} changed their password; other sessions ended`);

    const renewed = await this.users.findById(user.id);
    const { access_token } = await this.auth.session(renewed!, changed.sessionId);
    return { message: ACCOUNT_MESSAGES.passwordChanged, access_token, token_type: 'bearer' };
  }

  async list(caller: AuthUser): Promise<SessionsReply> {
    const user = await this.users.sessionUser(caller);
    return { items: await this.sessions.list(user.id, user.sessionVersion, caller.sessionId) };
  }

  /**
   * Every token of the account stops working, the caller's too. Of copies of the request sent at once (a
   * double click), one ends the sessions; the others wait for it and then find the caller's token ended,
   * as a copy sent afterwards would (401), recording and publishing nothing.
   */
  async signOutEverywhere(caller: AuthUser, scope: AuditScope): Promise<MessageReply> {
    const user = await this.users.sessionUser(caller);
    const sessionVersion = await this.dataSource.transaction(async (manager) => {
      const version = await this.sessions.endAll(manager, user.id, user.sessionVersion);
      if (version !== undefined) {
        await this.audit.record(manager, scope, 'auth.signed_out_everywhere', `user:${user.id}`);
      }
      return version;
    });
    if (sessionVersion === undefined) throw new UnauthorizedException({ detail: MESSAGES.sessionExpired });
    await this.sessions.publish(user.id, sessionVersion);
    this.logger.log(`user ${user.id} signed out everywhere`);
    return { message: ACCOUNT_MESSAGES.signedOutEverywhere };
  }

  /** Sign Out: the caller's token stops working everywhere (a token without a session only expires). */
  async signOut(caller: AuthUser, scope: AuditScope): Promise<MessageReply> {
    if (caller.sessionId) await this.end(caller, caller.sessionId, scope);
    return { message: ACCOUNT_MESSAGES.signedOut };
  }

  /** Signs out one working session of the caller's account (404 for any other id). */
  async endSession(caller: AuthUser, sessionId: string, scope: AuditScope): Promise<MessageReply> {
    await this.users.sessionUser(caller);
    if (!(await this.end(caller, sessionId, scope))) {
      throw new NotFoundException({ detail: ACCOUNT_MESSAGES.noSuchSession });
    }
    return { message: ACCOUNT_MESSAGES.sessionEnded };
  }

  private async end(caller: AuthUser, sessionId: string, scope: AuditScope): Promise<boolean> {
    const ended = await this.dataSource.transaction(async (manager) => {
      if (!(await this.sessions.end(manager, caller.id, sessionId))) return false;
      await this.audit.record(manager, scope, 'auth.signed_out', `user:${caller.id}`, {
        session_id: sessionId,
        this_session: sessionId === caller.sessionId,
      });
      return true;
    });
    if (ended) {
      await this.sessions.publishEnded(caller.id, sessionId);
      this.logger.log(`user ${caller.id} signed out session ${sessionId}`);
    }
    return ended;
  }
}
