import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { DirectRoute, ErrorResponse, sendDetail } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND } from '../common/messages';
import { CatalogStore } from '../store/catalog.store';
import { ServiceResponse } from './dto/service.response';

@ApiTags('catalog')
@Public()
@Controller('services')
export class ServicesController {
  constructor(private readonly catalog: CatalogStore) {}

  @Get()
  @DirectRoute()
  @ApiOperation({ summary: 'Every service and package, by category then display order' })
  @ApiOkResponse({ type: [ServiceResponse] })
  list(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return this.catalog.current.services.send(request, reply);
  }

  @Get('by-category/:category')
  @DirectRoute()
  @ApiOperation({ summary: 'The services of one category (case-insensitive); empty for an unknown category' })
  @ApiParam({ name: 'category', example: 'Books' })
  @ApiOkResponse({ type: [ServiceResponse] })
  byCategory(request: FastifyRequest<{ Params: { category: string } }>, reply: FastifyReply): FastifyReply {
    return this.catalog.current.servicesByCategory(request.params.category).send(request, reply);
  }

  @Get('by-provider/:provider')
  @DirectRoute()
  @ApiOperation({ summary: 'The services of one provider (case-insensitive); empty for an unknown provider' })
  @ApiParam({ name: 'provider', example: 'accounting-team' })
  @ApiOkResponse({ type: [ServiceResponse] })
  byProvider(request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply): FastifyReply {
    return this.catalog.current.servicesByProvider(request.params.provider).send(request, reply);
  }

  @Get('attributes/:category')
  @DirectRoute()
  @ApiOperation({ summary: "The category's attribute names, in display order; empty for an unknown category" })
  @ApiParam({ name: 'category', example: 'Books' })
  @ApiOkResponse({ type: [String], example: ['Trial', 'Bank/CC Reconciliations'] })
  attributes(request: FastifyRequest<{ Params: { category: string } }>, reply: FastifyReply): FastifyReply {
    return this.catalog.current.attributeNames(request.params.category).send(request, reply);
  }

  @Get(':id')
  @DirectRoute()
  @ApiOperation({ summary: 'One service or package' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: ServiceResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Service not found' })
  get(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): FastifyReply {
    const service = this.catalog.current.service(request.params.id);
    return service ? service.send(request, reply) : sendDetail(reply, 404, NOT_FOUND.service);
  }
}
