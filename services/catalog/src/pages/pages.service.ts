import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SitePageReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { Page } from './page.entity';

/** Reads the content pages for the in-memory catalog (see CatalogStore). */
@Injectable()
export class PagesService {
  constructor(@InjectRepository(Page, 'catalog') private readonly pages: Repository<Page>) {}

  async list(): Promise<SitePageReply[]> {
    const pages = await this.pages.find({ order: { position: 'ASC' } });
    return pages.map(({ name, title, content }) => ({ name, title, content }));
  }
}
