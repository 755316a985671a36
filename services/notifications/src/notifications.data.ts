import { serviceData } from '@portal/events';
import { MailDelivery } from './mail/mail-delivery.entity';
import { MailSuppression } from './mail/mail-suppression.entity';
import { DeadlineReminder } from './deadline-alerts/deadline-reminder.entity';
import { DeadlineReminderRun } from './deadline-alerts/deadline-reminder-run.entity';
import { DeadlineSubscription } from './deadline-alerts/deadline-subscription.entity';
import { ContactMessage } from './messages/message.entity';
import { CreateMailDeliveries1795314000000 } from './migrations/1795314000000-CreateMailDeliveries';
import { CreateNewsletterAndMessages1795317000000 } from './migrations/1795317000000-CreateNewsletterAndMessages';
import { CreateIntakeAndDeadlineAlerts1795420100000 } from './migrations/1795420100000-CreateIntakeAndDeadlineAlerts';
import { CreateDeadlineReminderRuns1796100000000 } from './migrations/1796100000000-CreateDeadlineReminderRuns';
import { InboxKeysetIndexes1796300000000 } from './migrations/1796300000000-InboxKeysetIndexes';
import { CreateMailSuppressions1796400000000 } from './migrations/1796400000000-CreateMailSuppressions';
import { DeadlineResubscribeConfirmations1796520000000 } from './migrations/1796520000000-DeadlineResubscribeConfirmations';
import { NewsletterResubscribeConfirmations1796800000000 } from './migrations/1796800000000-NewsletterResubscribeConfirmations';
import { NewsletterSubscription } from './newsletter/newsletter-subscription.entity';

/** The notifications schema: its entities and migrations, in order. */
export const NOTIFICATIONS_DATA = serviceData('notifications', {
  entities: [
    MailDelivery,
    NewsletterSubscription,
    ContactMessage,
    DeadlineSubscription,
    DeadlineReminder,
    DeadlineReminderRun,
    MailSuppression,
  ],
  migrations: [
    CreateMailDeliveries1795314000000,
    CreateNewsletterAndMessages1795317000000,
    CreateIntakeAndDeadlineAlerts1795420100000,
    CreateDeadlineReminderRuns1796100000000,
    InboxKeysetIndexes1796300000000,
    CreateMailSuppressions1796400000000,
    DeadlineResubscribeConfirmations1796520000000,
    NewsletterResubscribeConfirmations1796800000000,
  ],
});
