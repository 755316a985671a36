import { serviceData } from '@portal/events';

/** The documents schema: its entities and migrations, in order. */
export const DOCUMENTS_DATA = serviceData('documents', {
  entities: [],
  migrations: [],
});
