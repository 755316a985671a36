import { DEFAULT_PAGE_SIZE, INVITE_ROUTES, type InviteRoute, type SaveInviteCodeRequest } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';
import { ROUTES } from '../../shared/routes';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';
import type { InviteCode } from './api';

/**
 * The invite-code administration of /admin (spec part 1, sections 2, 5, 8, 9): route choices, the
 * expiry computed from hours, the checks of the create, edit and e-mail forms, and the messages.
 * Pure, so it is tested without a browser.
 */

export const INVITE_MESSAGES = {
  createRequired: 'Expiration (Hours) and Route are required.',
  hoursTooFew: 'Expiration (Hours) must be a whole number of at least 1.',
  editExpirationRequired: 'Expiration date and time is required.',
  editRouteRequired: 'Route is required.',
  expirationPast: 'Expiration must be in the future.',
  recipientRequired: 'Recipient email is required.',
  recipientInvalid: 'Please enter a valid email address',
  createFailed: 'Failed to create invite code.',
  saveFailed: 'Failed to save invite code.',
  sendFailed: 'Failed to send email. Please try again.',
  loadFailed: 'Failed to load invite codes.',
  submissionsLoadFailed: 'Failed to load submitted questionnaires.',
  noAccess: 'You do not have access to this page.',
} as const;

/** The route choices and their labels (section 5), in the order offered. */
export const ROUTE_OPTIONS = [
  { route: ROUTES.newClient, label: 'Onboard New Retail Client' },
  { route: ROUTES.newNonprofitLlc, label: 'Onboard new Non-Profit LLC Formation Client' },
] as const;

/** The label of a route for people; an unknown route shows as it is. */
export function routeLabel(route: string): string {
  return ROUTE_OPTIONS.find((option) => option.route === route)?.label ?? route;
}

/** Section 9: a new code expires after 48 hours unless told otherwise, and after 1 hour at the soonest. */
export const DEFAULT_EXPIRATION_HOURS = 48;
export const MIN_EXPIRATION_HOURS = 1;

const HOUR_MS = 3_600_000;

/** Now plus `hours`, as the ISO 8601 (UTC, with its Z offset) the server takes. */
export function expirationFromHours(hours: number, now: Date): string {
  return new Date(now.getTime() + hours * HOUR_MS).toISOString();
}

/** A 403: the stored session still says admin, but the server no longer does. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export interface CreateFormValues {
  /** As typed in the number field. */
  hours: string;
  route: string;
  description: string;
}

export const DEFAULT_CREATE_VALUES: CreateFormValues = {
  hours: String(DEFAULT_EXPIRATION_HOURS),
  route: '',
  description: '',
};

function isRoute(value: string): value is InviteRoute {
  return INVITE_ROUTES.some((route) => route === value);
}

/** The route of a checked form (validateCreate, validateEdit). */
function checkedRoute(value: string): InviteRoute {
  if (!isRoute(value)) throw new Error(`Not an invite route: '${value}' (validate the form first)`);
  return value;
}

/** Whole hours of at least 1, or null. */
export function parseHours(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const hours = Number(text);
  return hours >= MIN_EXPIRATION_HOURS ? hours : null;
}

export function validateCreate(values: CreateFormValues): ValidationIssue<'hours' | 'route'> | null {
  if (!values.hours.trim()) return { message: INVITE_MESSAGES.createRequired, field: 'hours' };
  if (!isRoute(values.route)) return { message: INVITE_MESSAGES.createRequired, field: 'route' };
  if (parseHours(values.hours) === null) return { message: INVITE_MESSAGES.hoursTooFew, field: 'hours' };
  return null;
}

/** POST /invite-codes/ body; call after validateCreate. */
export function createPayload(values: CreateFormValues, now: Date): SaveInviteCodeRequest {
  const hours = parseHours(values.hours) ?? DEFAULT_EXPIRATION_HOURS;
  return {
    expiration_datetime: expirationFromHours(hours, now),
    route: checkedRoute(values.route),
    description: values.description.trim(),
  };
}

export interface EditFormValues {
  /** A datetime-local value ('YYYY-MM-DDTHH:mm') in the admin's time zone. */
  expiration: string;
  route: string;
  description: string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as a datetime-local value in this browser's time zone. */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value read in this browser's time zone, or null when it is not a real moment. */
export function fromLocalInputValue(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && minute < 60;
  return real ? date : null;
}

export function toEditValues(code: Pick<InviteCode, 'expiration_datetime' | 'route' | 'description'>): EditFormValues {
  return {
    expiration: toLocalInputValue(code.expiration_datetime),
    route: code.route,
    description: code.description ?? '',
  };
}

/**
 * The expiration an edit sends: the code's own instant while the field still shows it (the field has
 * minutes only, and reading it back would move the expiry to the start of its minute), else the
 * minute typed; null when the field is not a real moment.
 */
function editedExpiration(values: EditFormValues, original: Pick<InviteCode, 'expiration_datetime'>): Date | null {
  if (values.expiration.trim() === toLocalInputValue(original.expiration_datetime)) {
    return new Date(original.expiration_datetime);
  }
  return fromLocalInputValue(values.expiration);
}

export function validateEdit(
  values: EditFormValues,
  now: Date,
  original: Pick<InviteCode, 'expiration_datetime'>,
): ValidationIssue<'expiration' | 'route'> | null {
  if (!values.expiration.trim()) return { message: INVITE_MESSAGES.editExpirationRequired, field: 'expiration' };
  const date = editedExpiration(values, original);
  if (!date) return { message: INVITE_MESSAGES.editExpirationRequired, field: 'expiration' };
  if (date.getTime() <= now.getTime()) return { message: INVITE_MESSAGES.expirationPast, field: 'expiration' };
  if (!isRoute(values.route)) return { message: INVITE_MESSAGES.editRouteRequired, field: 'route' };
  return null;
}

/** PUT /invite-codes/{id} body; call after validateEdit. */
export function editPayload(
  values: EditFormValues,
  original: Pick<InviteCode, 'expiration_datetime'>,
): SaveInviteCodeRequest {
  const date = editedExpiration(values, original);
  return {
    expiration_datetime: date ? date.toISOString() : '',
    route: checkedRoute(values.route),
    description: values.description.trim(),
  };
}

export function validateRecipient(email: string): ValidationIssue<'recipient'> | null {
  if (!email.trim()) return { message: INVITE_MESSAGES.recipientRequired, field: 'recipient' };
  if (!isValidEmail(email)) return { message: INVITE_MESSAGES.recipientInvalid, field: 'recipient' };
  return null;
}

export type CodeStatus = 'Used' | 'Expired' | 'Active';

/** What an admin can still do with a code: only an active one can be edited or sent. */
export function codeStatus(code: Pick<InviteCode, 'is_used' | 'expiration_datetime'>, now: Date): CodeStatus {
  if (code.is_used) return 'Used';
  return new Date(code.expiration_datetime).getTime() <= now.getTime() ? 'Expired' : 'Active';
}

/**
 * A failed create, save or send: the spec's sentence (section 8), followed by the server's reason
 * when it gave one ('Expiration must be at most 365 days from now.'), so the admin knows what to fix.
 */
export function failureMessage(fallback: string, error: unknown): string {
  const detail = serverDetail(error);
  return detail && detail !== fallback ? `${fallback} ${detail}` : fallback;
}

/** The link the invite mail carries: the questionnaire's page with the code. */
export function inviteLink(origin: string, code: Pick<InviteCode, 'route' | 'invite_code'>): string {
  return `${origin}${code.route}?code=${encodeURIComponent(code.invite_code)}`;
}

/** Section 4: the e-mail modal closes this long after a successful send. */
export const SEND_DIALOG_CLOSE_DELAY_MS = 2000;

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;
