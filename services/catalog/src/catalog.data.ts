import { serviceData } from '@portal/events';

/** The catalog schema: its entities and migrations, in order. */
export const CATALOG_DATA = serviceData('catalog', {
  entities: [],
  migrations: [],
});
