import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PackageReply, ServiceAttributesReply, ServiceReply } from '@portal/contracts';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { parseId, parseName } from '../common/ids';
import { NOT_FOUND } from '../common/messages';
import { ServiceCategory } from './service-category.entity';
import { Service } from './service.entity';
import { toPackageResponse, toServiceResponse } from './service-view';

/** Services and packages; every read is one query (the category row is joined, never fetched per service). */
@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(Service, 'catalog') private readonly services: Repository<Service>,
    @InjectRepository(ServiceCategory, 'catalog') private readonly categories: Repository<ServiceCategory>,
  ) {}

  async list(): Promise<ServiceReply[]> {
    return (await this.query().getMany()).map(toServiceResponse);
  }

  async byCategory(rawCategory: string): Promise<ServiceReply[]> {
    const category = parseName(rawCategory);
    if (!category) return [];
    const services = await this.query().where('lower(service.category) = lower(:category)', { category }).getMany();
    return services.map(toServiceResponse);
  }

  async byProvider(rawProvider: string): Promise<ServiceReply[]> {
    const provider = parseName(rawProvider);
    if (!provider) return [];
    const services = await this.query().where('lower(service.provider) = lower(:provider)', { provider }).getMany();
    return services.map(toServiceResponse);
  }

  /** The category's attribute names in display order; empty for an unknown category. */
  async attributeNames(rawCategory: string): Promise<ServiceAttributesReply> {
    const category = parseName(rawCategory);
    if (!category) return [];
    const found = await this.categories
      .createQueryBuilder('category')
      .where('lower(category.name) = lower(:category)', { category })
      .getOne();
    return found?.attributeNames ?? [];
  }

  async get(rawId: string): Promise<ServiceReply> {
    const id = parseId(rawId);
    const service = id ? await this.query().where('service.id = :id', { id }).getOne() : null;
    if (!service) throw new NotFoundException({ detail: NOT_FOUND.service });
    return toServiceResponse(service);
  }

  /** A package is a service billed monthly; a one-time service is not one. */
  async getPackage(rawId: string): Promise<PackageReply> {
    const id = parseId(rawId);
    const service = id
      ? await this.query().where('service.id = :id', { id }).andWhere("service.billing_cycle = 'monthly'").getOne()
      : null;
    if (!service || service.billingCycle !== 'monthly') throw new NotFoundException({ detail: NOT_FOUND.package });
    return toPackageResponse({ ...service, billingCycle: service.billingCycle });
  }

  private query(): SelectQueryBuilder<Service> {
    return this.services
      .createQueryBuilder('service')
      .innerJoinAndSelect('service.categoryInfo', 'category')
      .orderBy('category.position', 'ASC')
      .addOrderBy('service.position', 'ASC');
  }
}
