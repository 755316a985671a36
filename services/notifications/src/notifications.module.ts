import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule, QUEUES } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { StorageModule } from '@portal/storage';
import { JobApplicationsService } from './careers/job-applications.service';
import { DeadlineAlertsModule } from './deadline-alerts/deadline-alerts.module';
import {
  MailDeliveriesCleanup,
  OrphanedResumesCleanup,
  PastRemindersCleanup,
} from './housekeeping/notifications-cleanup';
import { InboxController } from './inbox/inbox.controller';
import { InboxService } from './inbox/inbox.service';
import { MailModule } from './mail/mail.module';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterService } from './newsletter/newsletter.service';
import { NOTIFICATIONS_DATA } from './notifications.data';
import { SesFeedbackModule } from './ses-feedback/ses-feedback.module';

/** The whole HTTP and worker surface of the notifications service. */
@Module({
  imports: [
    DatabaseModule.forService(NOTIFICATIONS_DATA),
    EventsModule.forService('notifications'),
    StorageModule,
    MailModule.register(),
    DeadlineAlertsModule.register(),
    SesFeedbackModule,
    HousekeepingModule.forService('notifications', {
      consumes: [QUEUES.mail, QUEUES.deadlineAlerts],
      tasks: [MailDeliveriesCleanup, PastRemindersCleanup, OrphanedResumesCleanup],
    }),
  ],
  controllers: [serviceHealthController('notifications'), NewsletterController, MessagesController, InboxController],
  providers: [NewsletterService, MessagesService, JobApplicationsService, InboxService],
})
export class NotificationsModule {}
