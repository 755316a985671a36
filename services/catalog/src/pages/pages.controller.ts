import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { DirectRoute, ErrorResponse, sendDetail } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND } from '../common/messages';
import { CatalogStore } from '../store/catalog.store';
import { PageResponse } from './dto/page.response';

@ApiTags('catalog')
@Public()
@Controller('pages')
export class PagesController {
  constructor(private readonly catalog: CatalogStore) {}

  @Get()
  @DirectRoute()
  @ApiOperation({ summary: 'Every content page (home, about, contact, legal pages, ...)' })
  @ApiOkResponse({ type: [PageResponse] })
  list(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return this.catalog.current.pages.send(request, reply);
  }

  @Get(':name')
  @DirectRoute()
  @ApiOperation({ summary: 'One content page by name' })
  @ApiParam({ name: 'name', example: 'about' })
  @ApiOkResponse({ type: PageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Page not found' })
  get(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply): FastifyReply {
    const page = this.catalog.current.page(request.params.name);
    return page ? page.send(request, reply) : sendDetail(reply, 404, NOT_FOUND.page);
  }
}
