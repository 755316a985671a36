import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { BILLING_DATA } from './billing.data';

/** The whole HTTP and worker surface of the billing service. */
@Module({
  imports: [DatabaseModule.forService(BILLING_DATA), EventsModule.forService('billing')],
  controllers: [serviceHealthController('billing')],
})
export class BillingModule {}
