import { ApiProperty } from '@nestjs/swagger';
import type { SitePageReply } from '@portal/contracts';

export class PageResponse implements SitePageReply {
  @ApiProperty({ example: 'about', description: '`home` is the home page' })
  name: string;

  @ApiProperty({ example: 'About Us' })
  title: string;

  @ApiProperty({ description: 'Plain text; paragraphs are separated by a blank line' })
  content: string;
}
