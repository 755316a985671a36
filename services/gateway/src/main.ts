import { repoRoot } from '@portal/config';
import { configOrExit, runProcess } from '@portal/http';
import { join } from 'node:path';
import { SERVICE_MODULES } from './service-modules';
import { registerProxyRoutes } from './proxy';
import { registerQueueDashboard } from './queue-dashboard/queue-dashboard';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module';
import { historyFallback, registerWebApp } from './web-app';

const config = configOrExit();
const webDist = join(repoRoot(), 'web', 'dist');
const allInOne = config.GATEWAY_MODE === 'all-in-one';

void runProcess({
  name: 'gateway',
  // all-in-one: every service module (with its workers) in this process; proxy: none. The queue
  // dashboard is the gateway's own, in both.
  modules: [QueueDashboardModule, ...(allInOne ? SERVICE_MODULES.map((service) => service.module) : [])],
  serves: ['gateway', ...(allInOne ? SERVICE_MODULES.map((service) => service.name) : [])],
  // `migrate` always covers every service, so split deployments can run it from the gateway image.
  data: SERVICE_MODULES.map((service) => service.data),
  migrateOnStart: () => allInOne,
  configure: async (app) => {
    if (!allInOne) await registerProxyRoutes(app, config);
    await registerQueueDashboard(app);
    await registerWebApp(app, webDist, config.appUrl);
  },
  notFoundFallback: historyFallback,
});
