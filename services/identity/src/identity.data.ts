import { serviceData } from '@portal/events';

/** The identity schema: its entities and migrations, in order. */
export const IDENTITY_DATA = serviceData('identity', {
  entities: [],
  migrations: [],
});
