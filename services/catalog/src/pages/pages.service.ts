import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SitePageReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { parseName } from '../common/ids';
import { NOT_FOUND } from '../common/messages';
import { Page } from './page.entity';

const toResponse = ({ name, title, content }: Page): SitePageReply => ({ name, title, content });

@Injectable()
export class PagesService {
  constructor(@InjectRepository(Page, 'catalog') private readonly pages: Repository<Page>) {}

  async list(): Promise<SitePageReply[]> {
    return (await this.pages.find({ order: { position: 'ASC' } })).map(toResponse);
  }

  async get(rawName: string): Promise<SitePageReply> {
    const name = parseName(rawName);
    const page = name ? await this.pages.findOneBy({ name: name.toLowerCase() }) : null;
    if (!page) throw new NotFoundException({ detail: NOT_FOUND.page });
    return toResponse(page);
  }
}
