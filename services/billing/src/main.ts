import { runProcess } from '@portal/http';
import { BILLING_DATA } from './billing.data';
import { BillingModule } from './billing.module';

void runProcess({
  name: 'billing',
  serves: ['billing'],
  modules: [BillingModule],
  data: [BILLING_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
