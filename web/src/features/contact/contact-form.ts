import { isPhoneNumber, PHONE_INVALID_MESSAGE, type CreateMessageRequest } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';

/**
 * The contact forms: the shared 'Send Us a Message' / 'Book a Call' modal (spec part 1, sections 2, 3,
 * 5) and the contact page (part 2, sections 3, 5, 8). Pure: validation, the preferred date/time rule
 * and the payloads.
 */

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter your message',
  preferredInvalid: 'Please enter a valid date and time',
  preferredPast: 'The preferred date and time cannot be in the past',
  preferredStep: 'Please choose a time on the hour or the half hour',
  // Error catalogue: the modal (part 1, section 8) and the contact page (part 2, section 8).
  modalFailed: 'Failed to send message. Please try again.',
  pageFailed: 'There was an error sending your message. Please try again.',
  sent: 'Your message has been sent successfully!',
} as const;

/** The modal closes this long after a success; the contact page's status clears after 5 s. */
export const MODAL_CLOSE_DELAY_MS = 3000;
export const STATUS_CLEAR_MS = 5000;
export const PREFERRED_TIME_STEP_MINUTES = 30;

export function defaultMessage(topic: string): string {
  return `I need assistance with ${topic}.`;
}

export interface ContactModalValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  /** A datetime-local value ('YYYY-MM-DDTHH:mm'), empty when not chosen or not shown. */
  preferredTime: string;
}

export interface ContactPageValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

type SenderValues = Pick<ContactPageValues, 'name' | 'email' | 'phone'>;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** A datetime-local value read in the visitor's own time zone, or null when it is not a real moment. */
export function parseLocalDateTime(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  const roundTrips =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hour;
  return roundTrips && minute < 60 && second < 60 ? date : null;
}

/** The preferred date/time rule (part 1, section 5): optional, not in the past, on a 30-minute step. */
export function validatePreferredTime(value: string, now: Date): string | null {
  if (!value.trim()) return null;
  const date = parseLocalDateTime(value);
  if (!date) return CONTACT_MESSAGES.preferredInvalid;
  if (date.getMinutes() % PREFERRED_TIME_STEP_MINUTES !== 0 || date.getSeconds() !== 0) {
    return CONTACT_MESSAGES.preferredStep;
  }
  if (date.getTime() < now.getTime()) return CONTACT_MESSAGES.preferredPast;
  return null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function toLocalDateTimeValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The earliest slot the picker offers: the next full or half hour from `now` (now itself when on one). */
export function earliestPreferredTime(now: Date): string {
  const slot = new Date(now.getTime());
  slot.setSeconds(0, 0);
  if (slot.getTime() < now.getTime()) slot.setMinutes(slot.getMinutes() + 1);
  const remainder = slot.getMinutes() % PREFERRED_TIME_STEP_MINUTES;
  if (remainder) slot.setMinutes(slot.getMinutes() + PREFERRED_TIME_STEP_MINUTES - remainder);
  return toLocalDateTimeValue(slot);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Tuesday, March 3, 2026 at 2:30 PM', written out (not Intl) so that the staff mail reads the same everywhere. */
export function formatPreferredTime(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${hours}:${pad(date.getMinutes())} ${meridiem}`;
}

/**
 * The message as sent: the preferred date/time has no field of its own in the call (part 1, section 3),
 * so it is folded into the text, with the visitor's time zone so that staff read it right.
 */
export function foldPreferredTime(message: string, preferredTime: string, timeZone: string): string {
  const date = parseLocalDateTime(preferredTime);
  const text = message.trim();
  if (!date) return text;
  return `${text}\n\nPreferred date/time: ${formatPreferredTime(date)}${timeZone ? ` (${timeZone})` : ''}`;
}

/** The optional phone field: blank, or a number the server takes. */
export function phoneIssue(phone: string): ValidationIssue<'phone'> | null {
  const value = phone.trim();
  return value && !isPhoneNumber(value) ? { message: PHONE_INVALID_MESSAGE, field: 'phone' } : null;
}

function checkSender(values: SenderValues): ValidationIssue<'name' | 'email' | 'phone'> | null {
  if (!values.name.trim()) return { message: CONTACT_MESSAGES.nameRequired, field: 'name' };
  if (!values.email.trim()) return { message: CONTACT_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: CONTACT_MESSAGES.emailInvalid, field: 'email' };
  return phoneIssue(values.phone);
}

export function validateContactModal(
  values: ContactModalValues,
  now: Date,
): ValidationIssue<keyof ContactModalValues> | null {
  const sender = checkSender(values);
  if (sender) return sender;
  if (!values.message.trim()) return { message: CONTACT_MESSAGES.messageRequired, field: 'message' };
  const preferred = validatePreferredTime(values.preferredTime, now);
  return preferred ? { message: preferred, field: 'preferredTime' } : null;
}

export function validateContactPage(values: ContactPageValues): ValidationIssue<keyof ContactPageValues> | null {
  const sender = checkSender(values);
  if (sender) return sender;
  if (!values.subject.trim()) return { message: CONTACT_MESSAGES.subjectRequired, field: 'subject' };
  if (!values.message.trim()) return { message: CONTACT_MESSAGES.messageRequired, field: 'message' };
  return null;
}

/** The sender part of a POST /messages/ body. Phone is optional and left out when empty. */
function sender(values: SenderValues): Pick<CreateMessageRequest, 'name' | 'email' | 'phone'> {
  const phone = values.phone.trim();
  return { name: values.name.trim(), email: values.email.trim(), ...(phone ? { phone } : {}) };
}

/**
 * The modal's message. A 'Book a Call' request says so (type book_call), so that the staff inbox can
 * list call requests apart from other messages.
 */
export function modalPayload(
  values: ContactModalValues,
  timeZone: string,
  mode: 'message' | 'call' = 'message',
): CreateMessageRequest {
  return {
    ...sender(values),
    message: foldPreferredTime(values.message, values.preferredTime, timeZone),
    ...(mode === 'call' ? { type: 'book_call' as const } : {}),
  };
}

export function contactPagePayload(values: ContactPageValues): CreateMessageRequest {
  return {
    ...sender(values),
    subject: values.subject.trim(),
    message: values.message.trim(),
    type: 'contact_form',
    source: 'website_contact_page',
  };
}

/**
 * The text for a failed send: the screen's own words, except where 'Please try again' would mislead —
 * a refusal of what was typed (400: the server says what to change) and a rate limit (429: its detail
 * says when to try again).
 */
export function sendErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429))
    return serverDetail(error) ?? fallback;
  return fallback;
}
