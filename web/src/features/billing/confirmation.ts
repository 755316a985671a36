import type { FilingFormReply, PaymentReply, ServiceReply } from '@portal/contracts';
import { purchaseStatusLabel } from './labels';

/** What the service confirmation page is given (router state): the payment and the service bought. */
export interface ServiceConfirmationState {
  payment: PaymentReply;
  service: Pick<ServiceReply, 'id' | 'title' | 'price'>;
}

/** What the filing confirmation page is given. */
export interface FilingConfirmationState {
  payment: PaymentReply;
  form: Pick<FilingFormReply, 'id' | 'form_name' | 'estimated_fee'>;
}

type PaymentData = Partial<PaymentReply> & { created?: number | string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The router state of a service confirmation, or null when none was passed (a reload, a typed URL). */
export function readServiceConfirmation(state: unknown): ServiceConfirmationState | null {
  if (!isObject(state) || !isObject(state.payment) || !isObject(state.service)) return null;
  return state as unknown as ServiceConfirmationState;
}

export function readFilingConfirmation(state: unknown): FilingConfirmationState | null {
  if (!isObject(state) || !isObject(state.payment) || !isObject(state.form)) return null;
  return state as unknown as FilingConfirmationState;
}

/** The order id, or N/A when the payment carries none. */
export function orderIdOf(payment: PaymentData): string {
  return payment.order_id || payment.id || 'N/A';
}

/** When it was bought: created_at, or Stripe's created (unix seconds). */
export function purchaseDateOf(payment: PaymentData): string | null {
  if (payment.created_at) return payment.created_at;
  if (typeof payment.created === 'number') return new Date(payment.created * 1000).toISOString();
  if (typeof payment.created === 'string') return payment.created;
  return null;
}

/** The status a filing confirmation shows: the payment result's, uppercase as every purchase status, else Pending. */
export function filingStatusOf(payment: PaymentData): string {
  const status = payment.status?.trim();
  return status ? purchaseStatusLabel({ status }) : 'Pending';
}
