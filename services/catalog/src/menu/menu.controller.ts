import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { MenuItemReply } from '@portal/contracts';
import { HttpCacheInterceptor } from '../common/http-cache.interceptor';
import { MenuItemResponse } from './dto/menu-item.response';
import { MenuService } from './menu.service';

@ApiTags('catalog')
@Public()
@UseInterceptors(HttpCacheInterceptor)
@Controller('menu')
export class MenuController {
  constructor(private readonly menu: MenuService) {}

  @Get()
  @ApiOperation({ summary: "The header's Services dropdown, in order" })
  @ApiOkResponse({ type: [MenuItemResponse] })
  list(): Promise<MenuItemReply[]> {
    return this.menu.list();
  }
}
