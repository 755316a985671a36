import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import type { MessageReply, VaultListReply, VaultUploadReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse, MessageResponse } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VerifiedUser } from '../common/access';
import { DownloadRoute, UploadRoute } from '../files/openapi';
import { VaultListResponse, VaultUploadResponse } from './dto/vault-file.dto';
import { VaultService } from './vault.service';

@ApiTags('vault')
@Controller('vault/files')
export class VaultController {
  constructor(private readonly vault: VaultService) {}

  @Get()
  @VerifiedUser()
  @ApiOperation({ summary: "The signed-in client's files, newest first" })
  @ApiOkResponse({ type: VaultListResponse })
  list(@CurrentUser() user: AuthUser): Promise<VaultListReply> {
    return this.vault.list(user);
  }

  @Post()
  @VerifiedUser()
  @UploadRoute(false)
  @ApiOperation({ summary: 'Upload a file to the vault (multipart `file`, at most 200 MB); the staff are told' })
  @ApiCreatedResponse({ type: VaultUploadResponse })
  upload(
    @CurrentUser() user: AuthUser,
    @Audited() scope: AuditScope,
    @Req() request: FastifyRequest,
  ): Promise<VaultUploadReply> {
    return this.vault.upload(user, scope, request);
  }

  @Get(':id')
  @VerifiedUser()
  @DownloadRoute()
  @ApiOperation({ summary: 'Download one of your files (Range supported)' })
  download(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.vault.download(user, id, request, reply);
  }

  @Delete(':id')
  @VerifiedUser()
  @ApiOperation({ summary: 'Delete one of your files' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'File not found.' })
  remove(@CurrentUser() user: AuthUser, @Audited() scope: AuditScope, @Param('id') id: string): Promise<MessageReply> {
    return this.vault.remove(user, scope, id);
  }
}
