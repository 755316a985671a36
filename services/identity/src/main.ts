import { runProcess } from '@portal/http';
import { IDENTITY_DATA } from './identity.data';
import { IdentityModule } from './identity.module';

void runProcess({
  name: 'identity',
  serves: ['identity'],
  modules: [IdentityModule],
  data: [IDENTITY_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
