import { ApiProperty } from '@nestjs/swagger';
import type { MenuItemReply } from '@portal/contracts';

export class MenuItemResponse implements MenuItemReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '/books' })
  path: string;

  @ApiProperty({ example: 'Books' })
  title: string;

  @ApiProperty({ example: 'Monthly bookkeeping, reconciliations and financial statements, with a 3-month free trial.' })
  description: string;

  @ApiProperty({ description: 'An inline SVG element (24×24, drawn in currentColor)', example: '<svg ...>...</svg>' })
  icon: string;
}
