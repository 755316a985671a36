import { Controller, Header, HttpCode, HttpStatus, Post, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ADMIN_ROLE, AuthUser, CurrentUser, Roles } from '@portal/auth';
import { Audited, type AuditScope, QUEUES, QueueRegistry } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { recordBoardAction } from './board-audit';
import {
  QUEUE_DASHBOARD_COOKIE,
  QUEUE_DASHBOARD_MESSAGES,
  QUEUE_DASHBOARD_PATH,
  QueueDashboardSessions,
} from './queue-dashboard-sessions';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' })
@ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' })
@Roles(ADMIN_ROLE)
@Controller('admin/queue-dashboard')
export class QueueDashboardSessionController {
  constructor(
    private readonly sessions: QueueDashboardSessions,
    private readonly queues: QueueRegistry,
  ) {}

  @Post('session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: `Open a queue dashboard session (admins only): a cookie for ${QUEUE_DASHBOARD_PATH}, valid 15 minutes`,
  })
  @ApiNoContentResponse({ description: `Set-Cookie for ${QUEUE_DASHBOARD_PATH}; then open ${QUEUE_DASHBOARD_PATH}/` })
  @ApiServiceUnavailableResponse({ type: ErrorResponse, description: 'The opening could not be recorded (Redis)' })
  async open(
    @CurrentUser() admin: AuthUser,
    @Audited() scope: AuditScope,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const session = await this.sessions.open(admin);
    // The board shows every queued job's data (mail recipients, names): who opened it is recorded, or
    // it does not open.
    await recordBoardAction(this.queues.get(QUEUES.audit), scope, {
      action: 'queue.dashboard_opened',
      target: 'queue:*',
      details: {},
    }).catch((error: Error) => {
      throw new ServiceUnavailableException({ detail: QUEUE_DASHBOARD_MESSAGES.notRecorded }, { cause: error });
    });
    void reply.header(
      'set-cookie',
      fastifyCookie.serialize(QUEUE_DASHBOARD_COOKIE, session.value, this.sessions.cookieOptions(session.seconds)),
    );
  }
}
