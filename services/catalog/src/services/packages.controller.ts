import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { PackageReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { HttpCacheInterceptor } from '../common/http-cache.interceptor';
import { PackageResponse } from './dto/service.response';
import { ServicesService } from './services.service';

/** Under /subscriptions (billing's prefix) by the spec's path; the package itself is catalog content. */
@ApiTags('catalog')
@Public()
@UseInterceptors(HttpCacheInterceptor)
@Controller('subscriptions/packages')
export class PackagesController {
  constructor(private readonly services: ServicesService) {}

  @Get(':id')
  @ApiOperation({ summary: 'A package (a service billed monthly) with its billing and trial terms' })
  @ApiOkResponse({ type: PackageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Package not found' })
  get(@Param('id') id: string): Promise<PackageReply> {
    return this.services.getPackage(id);
  }
}
