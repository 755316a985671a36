import { serviceData } from '@portal/events';

/** The billing schema: its entities and migrations, in order. */
export const BILLING_DATA = serviceData('billing', {
  entities: [],
  migrations: [],
});
