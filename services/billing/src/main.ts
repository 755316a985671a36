import { runProcess } from '@portal/http';
import { BILLING_DATA } from './billing.data';
import { BillingModule } from './billing.module';

void runProcess({
  name: 'billing',
  modules: [BillingModule],
  data: [BILLING_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
