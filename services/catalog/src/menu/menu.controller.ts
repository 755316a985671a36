import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { DirectRoute } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogStore } from '../store/catalog.store';
import { MenuItemResponse } from './dto/menu-item.response';

@ApiTags('catalog')
@Public()
@Controller('menu')
export class MenuController {
  constructor(private readonly catalog: CatalogStore) {}

  @Get()
  @DirectRoute()
  @ApiOperation({ summary: "The header's Services dropdown, in order" })
  @ApiOkResponse({ type: [MenuItemResponse] })
  list(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return this.catalog.current.menu.send(request, reply);
  }
}
