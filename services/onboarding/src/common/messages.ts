import { EIN_MESSAGE, WRONG_QUESTIONNAIRE } from '@portal/contracts';

/** Texts of the onboarding API (spec part 1, sections 5 and 8); the web shows `detail` as it is. */
export const MESSAGES = {
  inviteNotFound: 'Invite code not found.',
  inviteExpired: 'This invite code has expired.',
  inviteUsed: 'This invite code has already been used.',
  wrongQuestionnaire: WRONG_QUESTIONNAIRE,
  submitted: 'Onboarding information submitted successfully!',
  usedCodeNotEditable: 'This invite code has already been used and can no longer be edited.',
  usedCodeNotSendable: 'This invite code has already been used and can no longer be sent.',
  expiredCodeNotSendable: 'This invite code has expired. Set a later expiration before sending it.',
  inviteSent: (email: string) => `Invite code sent to ${email}.`,
  submissionNotFound: 'Submission not found.',
} as const;

/** Field messages of the admin forms (creation, edit, e-mail). */
export const FORM_MESSAGES = {
  expirationRequired: 'Expiration date and time is required.',
  expirationInvalid:
    'Expiration must be an ISO 8601 date and time with a time zone offset, such as 2026-11-24T14:00:00Z.',
  expirationPast: 'Expiration must be in the future.',
  expirationTooFar: 'Expiration must be at most 365 days from now.',
  routeRequired: 'Route is required.',
  routeInvalid: 'Route must be /new-client or /new-nonprofit-llc.',
  descriptionTooLong: 'Description must be at most 500 characters long.',
  descriptionNotText: 'Description must be text.',
  recipientRequired: 'Recipient email is required.',
  recipientInvalid: 'Please enter a valid email address',
  pageInvalid: 'page must be a whole number of at least 1',
  pageSizeInvalid: 'page_size must be a whole number from 1 to 100',
} as const;

/** `{label} is required`, `{label} must be one of ...`, and so on: every answer's messages name it. */
export const ANSWER_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
  notText: (label: string) => `${label} must be text`,
  oneOf: (label: string, allowed: readonly string[]) => `${label} must be one of: ${allowed.join(', ')}`,
  notAsked: (label: string, field: string, condition: string) =>
    `${label} (${field}) must be left empty unless ${condition}`,
  email: (label: string) => `${label} must be a valid email address`,
  ein: EIN_MESSAGE,
} as const;
