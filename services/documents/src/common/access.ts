import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Header,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ADMIN_ROLE, AuthUser, Roles } from '@portal/auth';
import { ErrorResponse } from '@portal/http';
import { MESSAGES } from './messages';

/** Runs after the global token guard: the signed-in user must have a verified e-mail (spec part 2, section 6). */
@Injectable()
export class VerifiedUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user?.isVerified) throw new ForbiddenException({ detail: MESSAGES.notVerified });
    return true;
  }
}

const documented = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' }),
    // Documents are private: no shared cache keeps an answer (downloads set their own headers).
    Header('Cache-Control', 'no-store'),
  );

/** A route for signed-in users with a verified e-mail (401 without a token, 403 unverified). */
export const VerifiedUser = () =>
  applyDecorators(
    UseGuards(VerifiedUserGuard),
    documented(),
    ApiForbiddenResponse({ type: ErrorResponse, description: 'E-mail not verified' }),
  );

/**
 * An admin route (401 without a token, 403 for anyone else; a demoted admin's tokens are revoked
 * by identity through the session version). The global guard refuses an unverified admin on every
 * admin route, of every service.
 */
export const AdminOnly = () =>
  applyDecorators(
    Roles(ADMIN_ROLE),
    documented(),
    ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' }),
  );
