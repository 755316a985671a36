import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { SitePageReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { HttpCacheInterceptor } from '../common/http-cache.interceptor';
import { PageResponse } from './dto/page.response';
import { PagesService } from './pages.service';

@ApiTags('catalog')
@Public()
@UseInterceptors(HttpCacheInterceptor)
@Controller('pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get()
  @ApiOperation({ summary: 'Every content page (home, about, contact, legal pages, ...)' })
  @ApiOkResponse({ type: [PageResponse] })
  list(): Promise<SitePageReply[]> {
    return this.pages.list();
  }

  @Get(':name')
  @ApiOperation({ summary: 'One content page by name' })
  @ApiOkResponse({ type: PageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Page not found' })
  get(@Param('name') name: string): Promise<SitePageReply> {
    return this.pages.get(name);
  }
}
