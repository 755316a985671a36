import type { SubscriptionReply } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelSubscription,
  getInvoices,
  getPaymentsConfig,
  getPurchaseHistory,
  getSubscription,
  getSubscriptions,
  reactivateSubscription,
} from '../api';
import { cancelRequest } from '../labels';
import { billingKeys } from './query-keys';

/**
 * The reads a checkout shows its form with: not read again when the window regains focus, which would
 * change the page under a card being typed (and, failing, used to take the form away).
 */
export const CHECKOUT_QUERY = { refetchOnWindowFocus: false } as const;

/** Stripe's publishable key and script, read from the server when a payment page opens. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: billingKeys.config,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: 5 * 60_000,
    ...CHECKOUT_QUERY,
  });
}

export function useSubscriptions(options: { refetchOnWindowFocus?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: ({ signal }) => getSubscriptions(signal),
    ...options,
  });
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: billingKeys.subscription(id),
    queryFn: ({ signal }) => getSubscription(id, signal),
    enabled: Boolean(id),
  });
}

export function useInvoices(id: string) {
  return useQuery({ queryKey: billingKeys.invoices(id), queryFn: ({ signal }) => getInvoices(id, signal) });
}

export function usePurchaseHistory() {
  return useQuery({ queryKey: billingKeys.purchases, queryFn: ({ signal }) => getPurchaseHistory(signal) });
}

/** After a change the server's answer replaces the subscription in the lists at once. */
function useSubscriptionChange<V>(change: (variables: V) => Promise<SubscriptionReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      queryClient.setQueryData(billingKeys.subscription(updated.id), updated);
      queryClient.setQueryData<SubscriptionReply[]>(billingKeys.subscriptions, (list) =>
        list?.map((subscription) => (subscription.id === updated.id ? updated : subscription)),
      );
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
    },
  });
}

export function useCancelSubscription() {
  return useSubscriptionChange(({ id, reason }: { id: string; reason: string }) =>
    cancelSubscription(id, cancelRequest(reason)),
  );
}

export function useReactivateSubscription() {
  return useSubscriptionChange((id: string) => reactivateSubscription(id));
}

/** What a payment changed: the user's subscriptions and purchases are read again. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['billing'] });
}
