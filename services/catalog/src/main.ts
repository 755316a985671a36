import { runProcess } from '@portal/http';
import { CATALOG_DATA } from './catalog.data';
import { CatalogModule } from './catalog.module';

void runProcess({
  name: 'catalog',
  serves: ['catalog'],
  modules: [CatalogModule],
  data: [CATALOG_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
