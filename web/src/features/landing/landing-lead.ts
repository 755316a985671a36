import type { CreateMessageRequest } from '@portal/contracts';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';
import { phoneIssue } from '../contact/contact-form';

/**
 * The /cta-landing contact form (spec part 1, sections 3 and 5) and the campaign's tracking parameters.
 * The spec's form sent nothing (a simulated submit) while its thank-you view promises contact within 24
 * hours; here the lead reaches the staff inbox as a call request (POST /messages/), the one promise kept.
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

export function validateLandingForm(values: LandingFormValues): ValidationIssue<keyof LandingFormValues> | null {
  if (!values.name.trim()) return { message: LANDING_MESSAGES.nameRequired, field: 'name' };
  if (!values.email.trim()) return { message: LANDING_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: LANDING_MESSAGES.emailInvalid, field: 'email' };
  if (!values.company.trim()) return { message: LANDING_MESSAGES.companyRequired, field: 'company' };
  return phoneIssue(values.phone);
}

/**
 * The lead as a message to the staff: a call request (type book_call) from the landing page (source
 * cta-landing), its company and the campaign's parameters in the text; the server stamps the time.
 */
export function landingMessage(values: LandingFormValues, tracking: Tracking): CreateMessageRequest {
  const phone = values.phone.trim();
  const campaign = TRACKING_PARAMS.filter((name) => tracking[name]).map((name) => `${name}: ${tracking[name]}`);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    type: 'book_call',
    source: LANDING_SOURCE_PAGE,
    message: [
      'Please contact me about a free 15-minute consultation.',
      `Company: ${values.company.trim()}`,
      ...(campaign.length ? ['', 'Campaign:', ...campaign] : []),
    ].join('\n'),
  };
}
