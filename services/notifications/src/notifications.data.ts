import { serviceData } from '@portal/events';
import { MailDelivery } from './mail/mail-delivery.entity';
import { CreateMailDeliveries1795314000000 } from './migrations/1795314000000-CreateMailDeliveries';

/** The notifications schema: its entities and migrations, in order. */
export const NOTIFICATIONS_DATA = serviceData('notifications', {
  entities: [MailDelivery],
  migrations: [CreateMailDeliveries1795314000000],
});
