import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MenuItemReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { MenuItem } from './menu-item.entity';

/** Reads the header's Services dropdown for the in-memory catalog (see CatalogStore). */
@Injectable()
export class MenuService {
  constructor(@InjectRepository(MenuItem, 'catalog') private readonly items: Repository<MenuItem>) {}

  async list(): Promise<MenuItemReply[]> {
    const items = await this.items.find({ order: { position: 'ASC' } });
    return items.map(({ id, path, title, description, icon }) => ({ id, path, title, description, icon }));
  }
}
