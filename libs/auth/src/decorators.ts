import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'portal:isPublic';
export const ROLES = 'portal:roles';
export const ALLOW_WITHOUT_TWO_FACTOR = 'portal:allowWithoutTwoFactor';

/** Opts a route (or controller) out of the default token requirement. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to users with one of the roles (checked on the server from the token). */
export const Roles = (...roles: string[]) => SetMetadata(ROLES, roles);

/**
 * Opens a route to admins who have not set up two-factor sign-in yet (their tokens say `mfa: false`):
 * only the routes that set it up and GET /profiles/me. Every other route refuses them (403).
 */
export const AllowWithoutTwoFactor = () => SetMetadata(ALLOW_WITHOUT_TWO_FACTOR, true);

/** The verified user of the request (undefined on public routes without a token). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
