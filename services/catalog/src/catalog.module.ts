import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { CATALOG_DATA } from './catalog.data';
import { FilingForm } from './forms/filing-form.entity';
import { FormsController } from './forms/forms.controller';
import { FormsService } from './forms/forms.service';
import { MenuItem } from './menu/menu-item.entity';
import { MenuController } from './menu/menu.controller';
import { MenuService } from './menu/menu.service';
import { Page } from './pages/page.entity';
import { PagesController } from './pages/pages.controller';
import { PagesService } from './pages/pages.service';
import { ServiceCategory } from './services/service-category.entity';
import { Service } from './services/service.entity';
import { PackagesController } from './services/packages.controller';
import { ServicesController } from './services/services.controller';
import { ServicesService } from './services/services.service';
import { CatalogStore } from './store/catalog.store';

/** The whole HTTP and worker surface of the catalog service. */
@Module({
  imports: [
    DatabaseModule.forService(CATALOG_DATA),
    TypeOrmModule.forFeature([MenuItem, Page, ServiceCategory, Service, FilingForm], 'catalog'),
    EventsModule.forService('catalog'),
    HousekeepingModule.forService('catalog'),
  ],
  controllers: [
    serviceHealthController('catalog'),
    MenuController,
    PagesController,
    ServicesController,
    PackagesController,
    FormsController,
  ],
  providers: [MenuService, PagesService, ServicesService, FormsService, CatalogStore],
})
export class CatalogModule {}
