import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from '@portal/contracts';
import { FORM_MESSAGES } from './messages';
import { IntInRange, ToInt } from '@portal/http';

/** `?page=1&page_size=20` of the admin lists. */
export class PageQueryDto implements PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @ToInt()
  @IntInRange(1, 1_000_000, FORM_MESSAGES.pageInvalid)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @ToInt()
  @IntInRange(1, MAX_PAGE_SIZE, FORM_MESSAGES.pageSizeInvalid)
  page_size?: number;
}

export function pageWindow(query: PageQuery): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
