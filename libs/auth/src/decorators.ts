import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'portal:isPublic';
export const ROLES = 'portal:roles';

/** Opts a route (or controller) out of the default token requirement. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to users with one of the roles (checked on the server from the token). */
export const Roles = (...roles: string[]) => SetMetadata(ROLES, roles);

/** The verified user of the request (undefined on public routes without a token). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
