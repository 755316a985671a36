import { DAYS_PER_TRIAL_MONTH, trialDaysOf } from '@portal/contracts';

/** Stripe's longest trial. */
export const MAX_TRIAL_DAYS = 730;

/**
 * The trial the server grants: what was asked for (by the query rule), capped to the package's Trial
 * (months x 30 days; a longer request is capped, not refused) and to Stripe's limit, and nothing for a
 * package whose trial this user already had.
 */
export function grantedTrialDays(options: {
  requested: number | null | undefined;
  packageTrialMonths: number;
  trialUsed: boolean;
}): number {
  if (options.trialUsed) return 0;
  const allowed = Math.max(0, Math.floor(options.packageTrialMonths)) * DAYS_PER_TRIAL_MONTH;
  return Math.min(trialDaysOf(options.requested), allowed, MAX_TRIAL_DAYS);
}
