import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from '@portal/contracts';
import { IntInRange, ToInt } from '@portal/http';

/** `?page=1&page_size=20` of the admin lists. */
export class PageQueryDto implements PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @ToInt()
  @IntInRange(1, 1_000_000, 'page must be a whole number from 1')
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @ToInt()
  @IntInRange(1, MAX_PAGE_SIZE, `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  page_size?: number;
}

export function pageWindow(query: PageQuery): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
