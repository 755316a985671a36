import { runProcess } from '@portal/http';
import { NOTIFICATIONS_DATA } from './notifications.data';
import { NotificationsModule } from './notifications.module';

void runProcess({
  name: 'notifications',
  serves: ['notifications'],
  modules: [NotificationsModule],
  data: [NOTIFICATIONS_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
