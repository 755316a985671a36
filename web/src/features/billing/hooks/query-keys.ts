/** Query keys of billing, in one place so that every reader and writer agrees. */
export const billingKeys = {
  config: ['billing', 'config'] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  subscription: (id: string) => ['billing', 'subscriptions', id] as const,
  invoices: (id: string) => ['billing', 'subscriptions', id, 'invoices'] as const,
  purchases: ['billing', 'purchases'] as const,
};
