import { trialMonthsOf, trialPeriodDaysOf, type PackageReply, type ServiceReply } from '@portal/contracts';
import type { Service } from './service.entity';

/**
 * The attributes in the category's order (jsonb keeps keys in its own order), then any
 * the category does not list, so nothing stored is ever hidden.
 */
export function orderAttributes(attributes: Record<string, string>, order: readonly string[]): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const name of order) if (Object.hasOwn(attributes, name)) ordered[name] = attributes[name];
  for (const [name, value] of Object.entries(attributes)) if (!Object.hasOwn(ordered, name)) ordered[name] = value;
  return ordered;
}

export function toServiceResponse(service: Service): ServiceReply {
  return {
    id: service.id,
    slug: service.slug,
    provider: service.provider,
    category: service.category,
    title: service.title,
    price: service.price,
    attributes: orderAttributes(service.attributes, service.categoryInfo?.attributeNames ?? []),
    description: service.description,
    amount_cents: service.amountCents,
    currency: service.currency,
    billing_cycle: service.billingCycle,
  };
}

/** A service billed monthly, with what billing needs to start the subscription and its trial. */
export function toPackageResponse(service: ServiceReply & { billing_cycle: 'monthly' }): PackageReply {
  return {
    id: service.id,
    slug: service.slug,
    title: service.title,
    price: service.price,
    description: service.description,
    attributes: service.attributes,
    category: service.category,
    provider: service.provider,
    amount_cents: service.amount_cents,
    currency: service.currency,
    billing_cycle: service.billing_cycle,
    trial_months: trialMonthsOf(service.attributes.Trial),
    trial_period_days: trialPeriodDaysOf(service.attributes.Trial),
  };
}
