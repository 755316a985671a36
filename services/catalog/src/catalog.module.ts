import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { CATALOG_DATA } from './catalog.data';

/** The whole HTTP and worker surface of the catalog service. */
@Module({
  imports: [DatabaseModule.forService(CATALOG_DATA), EventsModule.forService('catalog')],
  controllers: [serviceHealthController('catalog')],
})
export class CatalogModule {}
