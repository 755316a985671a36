import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ServiceReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { ServiceCategory } from './service-category.entity';
import { Service } from './service.entity';
import { toServiceResponse } from './service-view';

/** A category and the attribute names its pages show, in order. */
export type CategoryAttributes = Pick<ServiceCategory, 'name' | 'attributeNames'>;

/**
 * Reads services and categories for the in-memory catalog (see CatalogStore): each is one
 * query (the category row is joined, never fetched per service).
 */
@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(Service, 'catalog') private readonly services: Repository<Service>,
    @InjectRepository(ServiceCategory, 'catalog') private readonly categories: Repository<ServiceCategory>,
  ) {}

  /** Every service and package, by category then display order. */
  async list(): Promise<ServiceReply[]> {
    const services = await this.services
      .createQueryBuilder('service')
      .innerJoinAndSelect('service.categoryInfo', 'category')
      .orderBy('category.position', 'ASC')
      .addOrderBy('service.position', 'ASC')
      .getMany();
    return services.map(toServiceResponse);
  }

  /** Every category with its attribute names, services or not. */
  async categoryAttributes(): Promise<CategoryAttributes[]> {
    return this.categories.find({ select: { name: true, attributeNames: true }, order: { position: 'ASC' } });
  }
}
