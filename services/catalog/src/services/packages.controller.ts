import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { DirectRoute, ErrorResponse, sendDetail } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND } from '../common/messages';
import { CatalogStore } from '../store/catalog.store';
import { PackageResponse } from './dto/service.response';

/** Under /subscriptions (billing's prefix) by the spec's path; the package itself is catalog content. */
@ApiTags('catalog')
@Public()
@Controller('subscriptions/packages')
export class PackagesController {
  constructor(private readonly catalog: CatalogStore) {}

  @Get(':id')
  @DirectRoute()
  @ApiOperation({ summary: 'A package (a service billed monthly) with its billing and trial terms' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: PackageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Package not found' })
  get(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): FastifyReply {
    const found = this.catalog.current.package(request.params.id);
    return found ? found.send(request, reply) : sendDetail(reply, 404, NOT_FOUND.package);
  }
}
