import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { ServiceAttributesReply, ServiceReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { HttpCacheInterceptor } from '../common/http-cache.interceptor';
import { ServiceResponse } from './dto/service.response';
import { ServicesService } from './services.service';

@ApiTags('catalog')
@Public()
@UseInterceptors(HttpCacheInterceptor)
@Controller('services')
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @Get()
  @ApiOperation({ summary: 'Every service and package, by category then display order' })
  @ApiOkResponse({ type: [ServiceResponse] })
  list(): Promise<ServiceReply[]> {
    return this.services.list();
  }

  @Get('by-category/:category')
  @ApiOperation({ summary: 'The services of one category (case-insensitive); empty for an unknown category' })
  @ApiParam({ name: 'category', example: 'Books' })
  @ApiOkResponse({ type: [ServiceResponse] })
  byCategory(@Param('category') category: string): Promise<ServiceReply[]> {
    return this.services.byCategory(category);
  }

  @Get('by-provider/:provider')
  @ApiOperation({ summary: 'The services of one provider (case-insensitive); empty for an unknown provider' })
  @ApiParam({ name: 'provider', example: 'accounting-team' })
  @ApiOkResponse({ type: [ServiceResponse] })
  byProvider(@Param('provider') provider: string): Promise<ServiceReply[]> {
    return this.services.byProvider(provider);
  }

  @Get('attributes/:category')
  @ApiOperation({ summary: "The category's attribute names, in display order; empty for an unknown category" })
  @ApiParam({ name: 'category', example: 'Books' })
  @ApiOkResponse({ type: [String], example: ['Trial', 'Bank/CC Reconciliations'] })
  attributes(@Param('category') category: string): Promise<ServiceAttributesReply> {
    return this.services.attributeNames(category);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One service or package' })
  @ApiOkResponse({ type: ServiceResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Service not found' })
  get(@Param('id') id: string): Promise<ServiceReply> {
    return this.services.get(id);
  }
}
