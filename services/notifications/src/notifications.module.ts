import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { MailModule } from './mail/mail.module';
import { NOTIFICATIONS_DATA } from './notifications.data';

/** The whole HTTP and worker surface of the notifications service. */
@Module({
  imports: [
    DatabaseModule.forService(NOTIFICATIONS_DATA),
    EventsModule.forService('notifications'),
    MailModule.register(),
  ],
  controllers: [serviceHealthController('notifications')],
})
export class NotificationsModule {}
