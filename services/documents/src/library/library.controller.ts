import { Controller, Delete, Get, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import {
  LIBRARY_AREAS,
  type LibraryArea,
  type LibraryListReply,
  type LibraryUploadReply,
  type MessageReply,
} from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse, MessageResponse } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly, VerifiedUser } from '../common/access';
import { MESSAGES } from '../common/messages';
import { DownloadRoute, UploadRoute } from '../files/openapi';
import { LibraryListQueryDto, LibraryListResponse, LibraryUploadResponse } from './dto/library.dto';
import { LibraryService } from './library.service';

/** forms or public; any other name is no library (404). */
function libraryArea(area: string): LibraryArea {
  if (!(LIBRARY_AREAS as readonly string[]).includes(area)) {
    throw new NotFoundException({ detail: MESSAGES.unknownArea(area) });
  }
  return area as LibraryArea;
}

const AreaParam = () => ApiParam({ name: 'area', enum: LIBRARY_AREAS });

/**
 * The forms library (/files/forms) and the public files (/files/public): every verified user
 * lists and downloads; admins upload (with an optional folder) and delete. A file's path follows
 * the area in the URL, each name URL-encoded: /files/forms/Tax%20forms/W-9.pdf.
 */
@ApiTags('files')
@Controller('files')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get(':area')
  @VerifiedUser()
  @AreaParam()
  @ApiOperation({ summary: 'Files of a library, under an optional folder (prefix), all levels with recursive=true' })
  @ApiOkResponse({ type: LibraryListResponse })
  list(@Param('area') area: string, @Query() query: LibraryListQueryDto): Promise<LibraryListReply> {
    return this.library.list(libraryArea(area), query.prefix, query.recursive === 'true');
  }

  @Post(':area')
  @AdminOnly()
  @AreaParam()
  @UploadRoute(true)
  @ApiOperation({
    summary: 'Upload a file to a library, in an optional folder; replaces a file of the same path (admins only)',
  })
  @ApiCreatedResponse({ type: LibraryUploadResponse })
  upload(
    @CurrentUser() admin: AuthUser,
    @Audited() scope: AuditScope,
    @Param('area') area: string,
    @Req() request: FastifyRequest,
  ): Promise<LibraryUploadReply> {
    return this.library.upload(admin, scope, libraryArea(area), request);
  }

  @Get(':area/*')
  @VerifiedUser()
  @AreaParam()
  @ApiParam({ name: 'path', description: 'The file path: folders and name, each URL-encoded' })
  @DownloadRoute()
  @ApiOperation({ summary: 'Download a file of a library (Range supported)' })
  async download(
    @Param('area') area: string,
    @Param('*') path: string,
    @Query() query: LibraryListQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const library = libraryArea(area);
    // `/files/forms/` (the list, with its trailing slash) reaches this route with an empty path.
    if (path === '' || path === '/') {
      await reply.send(await this.library.list(library, query.prefix, query.recursive === 'true'));
      return;
    }
    await this.library.download(library, path, request, reply);
  }

  @Delete(':area/*')
  @AdminOnly()
  @AreaParam()
  @ApiParam({ name: 'path', description: 'The file path: folders and name, each URL-encoded' })
  @ApiOperation({ summary: 'Delete a file of a library (admins only)' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'File not found.' })
  remove(@Audited() scope: AuditScope, @Param('area') area: string, @Param('*') path: string): Promise<MessageReply> {
    return this.library.remove(scope, libraryArea(area), path);
  }
}
