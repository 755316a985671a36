import { Controller, Header, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ADMIN_ROLE, AuthUser, CurrentUser, Roles } from '@portal/auth';
import { ErrorResponse } from '@portal/http';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { QUEUE_DASHBOARD_COOKIE, QUEUE_DASHBOARD_PATH, QueueDashboardSessions } from './queue-dashboard-sessions';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' })
@ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' })
@Roles(ADMIN_ROLE)
@Controller('admin/queue-dashboard')
export class QueueDashboardSessionController {
  constructor(private readonly sessions: QueueDashboardSessions) {}

  @Post('session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: `Open a queue dashboard session (admins only): a cookie for ${QUEUE_DASHBOARD_PATH}, valid 15 minutes`,
  })
  @ApiNoContentResponse({ description: `Set-Cookie for ${QUEUE_DASHBOARD_PATH}; then open ${QUEUE_DASHBOARD_PATH}/` })
  async open(@CurrentUser() admin: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = await this.sessions.open(admin);
    void reply.header(
      'set-cookie',
      fastifyCookie.serialize(QUEUE_DASHBOARD_COOKIE, session.value, this.sessions.cookieOptions(session.seconds)),
    );
  }
}
