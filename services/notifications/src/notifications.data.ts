import { serviceData } from '@portal/events';
import { MailDelivery } from './mail/mail-delivery.entity';
import { ContactMessage } from './messages/message.entity';
import { CreateMailDeliveries1795314000000 } from './migrations/1795314000000-CreateMailDeliveries';
import { CreateNewsletterAndMessages1795317000000 } from './migrations/1795317000000-CreateNewsletterAndMessages';
import { NewsletterSubscription } from './newsletter/newsletter-subscription.entity';

/** The notifications schema: its entities and migrations, in order. */
export const NOTIFICATIONS_DATA = serviceData('notifications', {
  entities: [MailDelivery, NewsletterSubscription, ContactMessage],
  migrations: [CreateMailDeliveries1795314000000, CreateNewsletterAndMessages1795317000000],
});
