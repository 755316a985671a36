import { Controller, ForbiddenException, Get, Header, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ADMIN_ROLE, AuthUser, CurrentUser, Roles } from '@portal/auth';
import type { AuditEntry, AuditLogPage, SecurityEventsReply } from '@portal/contracts';
import { Audited, AuditTrail, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import { create as attachment } from 'content-disposition';
import { MESSAGES } from '../common/messages';
import { UsersService } from '../users/users.service';
import type { FastifyReply } from 'fastify';
import { AuditLogService } from './audit-log.service';
import { AuditLogPageResponse, AuditLogQueryDto, SecurityEventsResponse } from './dto/audit-log.dto';

/** The audit log, for admins: a page at a time, or every matching entry as CSV. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponse, description: 'No, an expired or a revoked token' })
@ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' })
@Roles(ADMIN_ROLE)
@Controller()
export class AuditLogController {
  constructor(
    private readonly auditLog: AuditLogService,
    private readonly users: UsersService,
    private readonly audit: AuditTrail,
  ) {}

  @Get('audit-log')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The audit log, newest first, filtered and a page at a time (admins only)' })
  @ApiOkResponse({ type: AuditLogPageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'A malformed date, an unknown action, a bad page' })
  async list(@CurrentUser() auth: AuthUser, @Query() query: AuditLogQueryDto): Promise<AuditLogPage> {
    await this.stillAdmin(auth);
    return this.auditLog.page(query);
  }

  @Get('audit-log.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Every entry the filters match, newest first, as CSV (admins only)' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv, as an attachment; the columns of an entry, details as JSON' })
  @ApiBadRequestResponse({ type: ErrorResponse })
  async exportCsv(
    @CurrentUser() auth: AuthUser,
    @Audited() scope: AuditScope,
    @Query() query: AuditLogQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    await this.stillAdmin(auth);
    // The log leaves the system: recorded (with its filters) before a byte of it is sent.
    await this.audit.recordAlone(scope, 'audit_log.exported', null, exportFilters(query));
    const day = new Date().toISOString().slice(0, 10);
    void reply.header('content-disposition', attachment(`audit-log-${day}.csv`));
    return new StreamableFile(this.auditLog.exportCsv(query), { type: 'text/csv; charset=utf-8' });
  }

  /** The token said admin; the database must still say so (as on identity's other admin route). */
  private async stillAdmin(auth: AuthUser): Promise<void> {
    const admin = await this.users.sessionUser(auth);
    if (admin.role !== ADMIN_ROLE) throw new ForbiddenException({ detail: MESSAGES.forbidden });
  }
}

/** The filters an export was made with, as its entry's details. */
function exportFilters(query: AuditLogQueryDto): AuditEntry['details'] {
  const details: AuditEntry['details'] = {};
  for (const key of ['actor', 'action', 'from', 'to'] as const) {
    const value = query[key];
    if (value !== undefined) details[key] = value;
  }
  return details;
}

/** A signed-in user's own security events (shown on /settings). */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class SecurityEventsController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get('security-events')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The signed-in account's sign-ins, password and two-factor changes, newest first (50)" })
  @ApiOkResponse({ type: SecurityEventsResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  securityEvents(@CurrentUser() user: AuthUser): Promise<SecurityEventsReply> {
    return this.auditLog.securityEvents(user.id);
  }
}
