import { serviceData } from '@portal/events';
import { Customer } from './customers/customer.entity';
import { Dispute } from './disputes/dispute.entity';
import { CreateBilling1795321000000 } from './migrations/1795321000000-CreateBilling';
import { SubscriptionRefusals1795900000000 } from './migrations/1795900000000-SubscriptionRefusals';
import { SubscriptionRequestedTrial1796100000000 } from './migrations/1796100000000-SubscriptionRequestedTrial';
import { OrderRefunds1796200000000 } from './migrations/1796200000000-OrderRefunds';
import { InvoiceRefunds1796300000000 } from './migrations/1796300000000-InvoiceRefunds';
import { Disputes1796400000000 } from './migrations/1796400000000-Disputes';
import { DisputeAlertedAs1796500000000 } from './migrations/1796500000000-DisputeAlertedAs';
import { Order } from './payments/order.entity';
import { SetupIntentRecord } from './payments/setup-intent.entity';
import { Invoice } from './subscriptions/invoice.entity';
import { Subscription } from './subscriptions/subscription.entity';
import { StripeEvent } from './webhooks/stripe-event.entity';

export const BILLING_ENTITIES = [Customer, SetupIntentRecord, Order, Subscription, Invoice, Dispute, StripeEvent];

/** The billing schema: its entities and migrations, in order. */
export const BILLING_DATA = serviceData('billing', {
  entities: BILLING_ENTITIES,
  migrations: [
    CreateBilling1795321000000,
    SubscriptionRefusals1795900000000,
    SubscriptionRequestedTrial1796100000000,
    OrderRefunds1796200000000,
    InvoiceRefunds1796300000000,
    Disputes1796400000000,
    DisputeAlertedAs1796500000000,
  ],
});
