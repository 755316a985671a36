/** Days per month of the package's Trial attribute (spec part 2, section 9). */
export const DAYS_PER_TRIAL_MONTH = 30;
/** Stripe's longest trial. */
export const MAX_TRIAL_DAYS = 730;

/**
 * The subscribe page's trial rule (spec part 2, section 9), applied to what a client asks for: 1 means
 * 30 days, another positive whole number that many days; 0, nothing or anything else means no trial.
 * Applying it twice changes nothing (30 stays 30), so a page that already applied it may send days.
 */
export function trialDaysFromQuery(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return 0;
  return value === 1 ? DAYS_PER_TRIAL_MONTH : value;
}

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
  return Math.min(trialDaysFromQuery(options.requested), allowed, MAX_TRIAL_DAYS);
}
