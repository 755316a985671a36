import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { MailModule } from './mail/mail.module';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterService } from './newsletter/newsletter.service';
import { NOTIFICATIONS_DATA } from './notifications.data';

/** The whole HTTP and worker surface of the notifications service. */
@Module({
  imports: [
    DatabaseModule.forService(NOTIFICATIONS_DATA),
    EventsModule.forService('notifications'),
    MailModule.register(),
  ],
  controllers: [serviceHealthController('notifications'), NewsletterController, MessagesController],
  providers: [NewsletterService, MessagesService],
})
export class NotificationsModule {}
