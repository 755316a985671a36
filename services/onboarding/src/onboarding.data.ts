import { serviceData } from '@portal/events';

/** The onboarding schema: its entities and migrations, in order. */
export const ONBOARDING_DATA = serviceData('onboarding', {
  entities: [],
  migrations: [],
});
