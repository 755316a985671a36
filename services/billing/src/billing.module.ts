import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule, QUEUES } from '@portal/events';
import { configOrExit, serviceHealthController } from '@portal/http';
import { BILLING_DATA } from './billing.data';
import { PriceList } from './catalog/price-list';
import { PaymentsConfiguredGuard, VerifiedUserGuard } from './common/guards';
import { CustomersService } from './customers/customers.service';
import { DisputesService } from './disputes/disputes.service';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsService } from './payments/payments.service';
import { PurchaseHistoryController } from './purchases/purchase-history.controller';
import { PurchaseHistoryService } from './purchases/purchase-history.service';
import { createStripeClient, STRIPE_CLIENT, StripeGateway } from './stripe/stripe-client';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { StripeEventsProcessor } from './webhooks/stripe-events.processor';
import { StripeEventsService } from './webhooks/stripe-events.service';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

// Known when modules are declared: the stripe-events worker runs where workers run (RUN_WORKERS).
const runWorkers = configOrExit().RUN_WORKERS;

/** The whole HTTP and worker surface of the billing service. */
@Module({
  imports: [
    DatabaseModule.forService(BILLING_DATA),
    EventsModule.forService('billing'),
    // Daily: relayed outbox rows and completed stripe-events jobs past retention.
    HousekeepingModule.forService('billing', { consumes: [QUEUES.stripeEvents] }),
    ...(runWorkers ? [BullModule.registerQueue({ name: QUEUES.stripeEvents })] : []),
  ],
  controllers: [
    serviceHealthController('billing'),
    PaymentsController,
    SubscriptionsController,
    PurchaseHistoryController,
    WebhooksController,
  ],
  providers: [
    { provide: STRIPE_CLIENT, inject: [AppConfig], useFactory: createStripeClient },
    StripeGateway,
    PriceList,
    CustomersService,
    PaymentsService,
    SubscriptionsService,
    DisputesService,
    PurchaseHistoryService,
    WebhooksService,
    StripeEventsService,
    VerifiedUserGuard,
    PaymentsConfiguredGuard,
    ...(runWorkers ? [StripeEventsProcessor] : []),
  ],
})
export class BillingModule {}
