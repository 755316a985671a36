import {
  IDEMPOTENCY_KEY_HEADER,
  type CancelSubscriptionRequest,
  type CreateSubscriptionReply,
  type CreateSubscriptionRequest,
  type FormPaymentRequest,
  type InvoicesReply,
  type PaymentReply,
  type PaymentsConfigReply,
  type PurchaseReply,
  type ServicePaymentRequest,
  type SetupIntentReply,
  type SubscriptionReply,
  type UpdatePaymentMethodRequest,
} from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** Billing's calls (spec part 2, section 7). Checkout calls carry the attempt's Idempotency-Key. */

const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
const id = (value: string) => encodeURIComponent(value);

export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigReply> {
  return apiClient.get<PaymentsConfigReply>('/payments/config', { signal });
}

export function createSetupIntent(): Promise<SetupIntentReply> {
  return apiClient.post<SetupIntentReply>('/payments/create-setup-intent');
}

export function payForService(body: ServicePaymentRequest, key: string): Promise<PaymentReply> {
  return apiClient.post<PaymentReply>('/payments/service-payment', body, keyed(key));
}

export function payForForm(body: FormPaymentRequest, key: string): Promise<PaymentReply> {
  return apiClient.post<PaymentReply>('/payments/form-payment', body, keyed(key));
}

export function createSubscription(body: CreateSubscriptionRequest, key: string): Promise<CreateSubscriptionReply> {
  return apiClient.post<CreateSubscriptionReply>('/subscriptions/stripe', body, keyed(key));
}

export function getSubscriptions(signal?: AbortSignal): Promise<SubscriptionReply[]> {
  return apiClient.get<SubscriptionReply[]>('/subscriptions/user', { signal });
}

export function getSubscription(subscriptionId: string, signal?: AbortSignal): Promise<SubscriptionReply> {
  return apiClient.get<SubscriptionReply>(`/subscriptions/${id(subscriptionId)}`, { signal });
}

export function cancelSubscription(
  subscriptionId: string,
  body: CancelSubscriptionRequest,
): Promise<SubscriptionReply> {
  return apiClient.post<SubscriptionReply>(`/subscriptions/${id(subscriptionId)}/cancel`, body);
}

export function reactivateSubscription(subscriptionId: string): Promise<SubscriptionReply> {
  return apiClient.post<SubscriptionReply>(`/subscriptions/${id(subscriptionId)}/reactivate`);
}

export function updatePaymentMethod(
  subscriptionId: string,
  body: UpdatePaymentMethodRequest,
): Promise<SubscriptionReply> {
  return apiClient.put<SubscriptionReply>(`/subscriptions/${id(subscriptionId)}/payment-method/`, body);
}

export function getInvoices(subscriptionId: string, signal?: AbortSignal): Promise<InvoicesReply> {
  return apiClient.get<InvoicesReply>(`/subscriptions/${id(subscriptionId)}/invoices/`, { signal });
}

export function getPurchaseHistory(signal?: AbortSignal): Promise<PurchaseReply[]> {
  return apiClient.get<PurchaseReply[]>('/profiles/purchase-history', { signal });
}
