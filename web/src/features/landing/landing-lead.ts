import { isValidEmail, type ValidationIssue } from '../../shared/validation';

/**
 * The /cta-landing contact form (spec part 1, sections 3 and 5): it captures the campaign's tracking
 * parameters and sends nothing (a simulated submit of about 1 s, then the thank-you view).
 */

export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const;

export type TrackingParam = (typeof TRACKING_PARAMS)[number];
export type Tracking = Record<TrackingParam, string>;

export const LANDING_SOURCE_PAGE = 'cta-landing';
export const SIMULATED_SUBMIT_MS = 1000;
// Long enough for any real campaign value; keeps a crafted URL from filling the lead with junk.
const MAX_PARAM_LENGTH = 200;

export const LANDING_MESSAGES = {
  nameRequired: 'Please enter your full name',
  emailRequired: 'Please enter your business email',
  emailInvalid: 'Please enter a valid email address',
  companyRequired: 'Please enter your company name',
} as const;

/** The tracking parameters of the landing URL's query; an absent one is ''. */
export function readTracking(search: string): Tracking {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    TRACKING_PARAMS.map((name) => [name, (params.get(name) ?? '').trim().slice(0, MAX_PARAM_LENGTH)]),
  ) as Tracking;
}

export interface LandingFormValues {
  name: string;
  email: string;
  company: string;
  phone: string;
}

export interface LandingLead extends LandingFormValues, Tracking {
  source_page: typeof LANDING_SOURCE_PAGE;
  timestamp: string;
}

export function validateLandingForm(values: LandingFormValues): ValidationIssue<keyof LandingFormValues> | null {
  if (!values.name.trim()) return { message: LANDING_MESSAGES.nameRequired, field: 'name' };
  if (!values.email.trim()) return { message: LANDING_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: LANDING_MESSAGES.emailInvalid, field: 'email' };
  if (!values.company.trim()) return { message: LANDING_MESSAGES.companyRequired, field: 'company' };
  return null;
}

export function buildLandingLead(values: LandingFormValues, tracking: Tracking, now: Date): LandingLead {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    ...tracking,
    source_page: LANDING_SOURCE_PAGE,
    timestamp: now.toISOString(),
  };
}
