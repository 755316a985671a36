import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ADMIN_ROLE, ADMIN_UNVERIFIED, AuthUser, needsTwoFactor, TWO_FACTOR_REQUIRED } from './auth-user';
import { ALLOW_WITHOUT_TWO_FACTOR, IS_PUBLIC, ROLES } from './decorators';
import { SessionRevocation } from './session-revocation';

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * On for every route: a valid, unexpired access token is required unless the route is
 * @Public() (where a token, if sent and valid, still identifies the user).
 * @Roles(...) then requires one of the roles, and an admin route a verified e-mail. Revoked sessions are refused; on admin routes a
 * token whose revocation state cannot be checked is refused too (503), elsewhere let through.
 *
 * Admins must sign in with a second factor: an admin's token without it (`mfa` not true) is refused
 * (403) on every route not marked @AllowWithoutTwoFactor(), and on @Public() routes it identifies
 * nobody (the admin is served as a visitor).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly revocation: SessionRevocation,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const withoutTwoFactor = this.reflector.getAllAndOverride<boolean>(ALLOW_WITHOUT_TWO_FACTOR, targets) ?? false;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: AuthUser }>();

    if (isPublic) {
      if (!request.headers.authorization) return true;
      try {
        await this.authenticate(context, request);
      } catch {
        request.user = undefined;
      }
      if (request.user && !withoutTwoFactor && needsTwoFactor(request.user)) request.user = undefined;
      return true;
    }

    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, targets);
    await this.authenticate(context, request, roles?.includes(ADMIN_ROLE) ?? false);
    if (!withoutTwoFactor && needsTwoFactor(request.user!)) {
      throw new ForbiddenException({ detail: TWO_FACTOR_REQUIRED });
    }
    if (roles?.length && !roles.includes(request.user?.role ?? '')) {
      throw new ForbiddenException({ detail: 'You do not have permission to do this' });
    }
    if (roles?.includes(ADMIN_ROLE) && !request.user!.isVerified) {
      throw new ForbiddenException({ detail: ADMIN_UNVERIFIED });
    }
    return true;
  }

  private async authenticate(context: ExecutionContext, request: { user?: AuthUser }, strict = false): Promise<void> {
    await super.canActivate(context);
    const user = request.user!;
    if (await this.revocation.isRevoked(user, strict)) {
      throw new UnauthorizedException({ detail: SESSION_EXPIRED });
    }
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error || !user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw new UnauthorizedException({
        detail: expired ? SESSION_EXPIRED : 'Not authenticated',
      });
    }
    return user;
  }
}
