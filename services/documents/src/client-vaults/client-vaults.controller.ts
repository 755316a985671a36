import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import type { ClientVaultReply, VaultAccessPageReply, VaultClientListReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly } from '../common/access';
import { MESSAGES } from '../common/messages';
import { DownloadRoute } from '../files/openapi';
import { ClientVaultsService } from './client-vaults.service';
import {
  ClientVaultResponse,
  VaultAccessPage,
  VaultAccessQueryDto,
  VaultClientListResponse,
} from './dto/client-vaults.dto';

/** The admins' read-only view of the clients' vaults; every read of a client's files is recorded. */
@ApiTags('vault (admins)')
@Controller('vault/admin')
export class ClientVaultsController {
  constructor(private readonly clientVaults: ClientVaultsService) {}

  @Get('clients')
  @AdminOnly()
  @ApiOperation({ summary: 'Clients with files in the vault, latest upload first (admins only)' })
  @ApiOkResponse({ type: VaultClientListResponse })
  clients(): Promise<VaultClientListReply> {
    return this.clientVaults.clients();
  }

  @Get('clients/:ownerId/files')
  @AdminOnly()
  @ApiOperation({ summary: "One client's files, read-only; the access is recorded (admins only)" })
  @ApiOkResponse({ type: ClientVaultResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: MESSAGES.clientNotFound })
  files(
    @CurrentUser() admin: AuthUser,
    @Audited() scope: AuditScope,
    @Param('ownerId') ownerId: string,
  ): Promise<ClientVaultReply> {
    return this.clientVaults.files(admin, scope, ownerId);
  }

  @Get('clients/:ownerId/files/:fileId')
  @AdminOnly()
  @DownloadRoute()
  @ApiOperation({ summary: "Download a client's file; the access is recorded first (admins only)" })
  download(
    @CurrentUser() admin: AuthUser,
    @Audited() scope: AuditScope,
    @Param('ownerId') ownerId: string,
    @Param('fileId') fileId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.clientVaults.download(admin, scope, ownerId, fileId, request, reply);
  }

  @Get('access-log')
  @AdminOnly()
  @ApiOperation({ summary: "Admins' accesses to clients' vaults, newest first (admins only)" })
  @ApiOkResponse({ type: VaultAccessPage })
  accessLog(@Query() query: VaultAccessQueryDto): Promise<VaultAccessPageReply> {
    return this.clientVaults.accessLog(query);
  }
}
