// The billing pages, one chunk: a checkout leads to its confirmation, the profile to invoices and card.
export { FilingConfirmationPage } from './FilingConfirmationPage';
export { FilingPurchasePage } from './FilingPurchasePage';
export { InvoicesPage } from './InvoicesPage';
export { ServiceConfirmationPage } from './ServiceConfirmationPage';
export { ServicePurchasePage } from './ServicePurchasePage';
export { SubscribePage } from './SubscribePage';
export { SubscriptionConfirmationPage } from './SubscriptionConfirmationPage';
export { UpdatePaymentPage } from './UpdatePaymentPage';
