import { MESSAGE_LIMITS, PERK_SOURCE, PERK_TYPES, type CreateMessageRequest } from '@portal/contracts';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';
import { isWebAddress } from '../careers/application-form';

/**
 * The perk provider form (spec part 2, sections 3, 5 and 8). Pure: validation and the contact message
 * it is sent as, with a text body composed of its fields.
 */

export const PERK_MESSAGES = {
  nameRequired: 'Please enter your company name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  websiteRequired: 'Please enter your website',
  websiteInvalid: 'Please enter your website as a web address (https://...)',
  offerRequired: 'Please describe your offer',
  descriptionRequired: 'Please describe your company',
  perkTypeRequired: 'Please choose a perk type',
  instructionsRequired: 'Please enter the redemption instructions',
  sent: 'Thank you! Your perk provider submission has been received.',
  failed: 'An error occurred. Please try again later.',
} as const;

const SUBJECT_PREFIX = 'Perk provider submission: ';

/** The longest website address the form takes. */
export const PERK_WEBSITE_MAX_LENGTH = 500;

/**
 * The longest text each of the three long answers takes: 3 × 1 200 leaves 1 400 characters of the
 * server's MESSAGE_LIMITS.message for the name (200), e-mail (254), phone (40), website (500), perk
 * type and labels, so a message the form lets through is never refused for its length.
 */
export const PERK_TEXT_MAX_LENGTH = 1200;

export interface PerkValues {
  /** The company's name (the contact message's `name`). */
  name: string;
  email: string;
  phone: string;
  website: string;
  offerDetails: string;
  companyDescription: string;
  perkType: string;
  redemptionInstructions: string;
}

export const EMPTY_PERK: PerkValues = {
  name: '',
  email: '',
  phone: '',
  website: '',
  offerDetails: '',
  companyDescription: '',
  perkType: '',
  redemptionInstructions: '',
};

export function validatePerk(values: PerkValues): ValidationIssue<keyof PerkValues> | null {
  if (!values.name.trim()) return { message: PERK_MESSAGES.nameRequired, field: 'name' };
  if (!values.email.trim()) return { message: PERK_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: PERK_MESSAGES.emailInvalid, field: 'email' };
  if (!values.website.trim()) return { message: PERK_MESSAGES.websiteRequired, field: 'website' };
  if (!isWebAddress(values.website)) return { message: PERK_MESSAGES.websiteInvalid, field: 'website' };
  if (!values.offerDetails.trim()) return { message: PERK_MESSAGES.offerRequired, field: 'offerDetails' };
  if (!values.companyDescription.trim()) {
    return { message: PERK_MESSAGES.descriptionRequired, field: 'companyDescription' };
  }
  if (!(PERK_TYPES as readonly string[]).includes(values.perkType)) {
    return { message: PERK_MESSAGES.perkTypeRequired, field: 'perkType' };
  }
  if (!values.redemptionInstructions.trim()) {
    return { message: PERK_MESSAGES.instructionsRequired, field: 'redemptionInstructions' };
  }
  return null;
}

/** The text body the staff read: one labelled line (or block) per field, in the form's order. */
export function composePerkMessage(values: PerkValues): string {
  const phone = values.phone.trim();
  return [
    `Company: ${values.name.trim()}`,
    `Email: ${values.email.trim()}`,
    ...(phone ? [`Phone: ${phone}`] : []),
    `Website: ${values.website.trim()}`,
    `Perk type: ${values.perkType}`,
    '',
    `Offer details:\n${values.offerDetails.trim()}`,
    '',
    `Company description:\n${values.companyDescription.trim()}`,
    '',
    `Redemption instructions:\n${values.redemptionInstructions.trim()}`,
  ].join('\n');
}

/** POST /messages/: the perk offer as a contact message. */
export function perkPayload(values: PerkValues): CreateMessageRequest {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    // Cut to the subject's limit: a long company name must not get the whole offer refused.
    subject: `${SUBJECT_PREFIX}${values.name.trim()}`.slice(0, MESSAGE_LIMITS.subject),
    message: composePerkMessage(values),
    type: 'perk_provider',
    source: PERK_SOURCE,
  };
}
