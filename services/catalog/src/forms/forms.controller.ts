import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { DirectRoute, ErrorResponse, sendDetail } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND } from '../common/messages';
import { CatalogStore } from '../store/catalog.store';
import { FilingFormResponse } from './dto/filing-form.response';

@ApiTags('catalog')
@Public()
@Controller('forms')
export class FormsController {
  constructor(private readonly catalog: CatalogStore) {}

  @Get()
  @DirectRoute()
  @ApiOperation({ summary: 'Every filing form, in the footer order' })
  @ApiOkResponse({ type: [FilingFormResponse] })
  list(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return this.catalog.current.forms.send(request, reply);
  }

  @Get(':id')
  @DirectRoute()
  @ApiOperation({ summary: 'One filing form' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: FilingFormResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Form not found' })
  get(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): FastifyReply {
    const form = this.catalog.current.form(request.params.id);
    return form ? form.send(request, reply) : sendDetail(reply, 404, NOT_FOUND.form);
  }
}
