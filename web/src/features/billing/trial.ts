import { trialDaysOf, type SubscriptionReply } from '@portal/contracts';

/**
 * The subscribe page's `trial` query value as days (spec part 2, section 9): 1 means 30 days, another
 * positive whole number that many days; absent, 0 or anything else means no trial.
 */
export function trialDaysFromQuery(value: string | null | undefined): number {
  const text = value?.trim() ?? '';
  return /^\d{1,5}$/.test(text) ? trialDaysOf(Number(text)) : 0;
}

/**
 * The trial the page offers, as the server grants it: what the link asks for, capped to the package's
 * Trial, and none when this user already had this package's trial.
 */
export function offeredTrialDays(requestedDays: number, packageTrialDays: number, trialUsed: boolean): number {
  if (trialUsed) return 0;
  return Math.max(0, Math.min(requestedDays, packageTrialDays));
}

/** Whether the user has had this package's trial (any subscription of it that had one). */
export function hadTrial(
  subscriptions: readonly Pick<SubscriptionReply, 'package_id' | 'has_trial'>[],
  packageId: string,
): boolean {
  return subscriptions.some((subscription) => subscription.package_id === packageId && subscription.has_trial);
}

/** An active or trialing subscription of the package: the subscribe page sends to the profile instead. */
export function holdsPackage(
  subscriptions: readonly Pick<SubscriptionReply, 'package_id' | 'status'>[],
  packageId: string,
): boolean {
  return subscriptions.some(
    (subscription) =>
      subscription.package_id === packageId && (subscription.status === 'active' || subscription.status === 'trialing'),
  );
}

/** A trial is active while its end date is in the future (spec part 2, section 4). */
export function isTrialActive(subscription: Pick<SubscriptionReply, 'trial_end_date'>, now: Date): boolean {
  if (!subscription.trial_end_date) return false;
  const end = Date.parse(subscription.trial_end_date);
  return Number.isFinite(end) && end > now.getTime();
}

/** When a trial that starts now ends. */
export function trialEndsOn(days: number, now: Date): Date {
  return new Date(now.getTime() + days * 86_400_000);
}
