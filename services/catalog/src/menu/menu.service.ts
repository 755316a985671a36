import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MenuItemResponse } from './dto/menu-item.response';
import { MenuItem } from './menu-item.entity';

@Injectable()
export class MenuService {
  constructor(@InjectRepository(MenuItem, 'catalog') private readonly items: Repository<MenuItem>) {}

  async list(): Promise<MenuItemResponse[]> {
    const items = await this.items.find({ order: { position: 'ASC' } });
    return items.map(({ id, path, title, description, icon }) => ({ id, path, title, description, icon }));
  }
}
