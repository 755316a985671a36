import { applyDecorators, Header } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ADMIN_ROLE, Roles } from '@portal/auth';
import { ErrorResponse } from '@portal/http';

/**
 * An admin route: a token whose role is admin (401 without one, 403 for anyone else; a demoted admin's
 * tokens are revoked by identity through the session version). Never cached.
 */
export const AdminOnly = () =>
  applyDecorators(
    Roles(ADMIN_ROLE),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' }),
    ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' }),
    Header('Cache-Control', 'no-store'),
  );
