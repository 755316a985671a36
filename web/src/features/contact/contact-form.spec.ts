import { ApiError } from '../../shared/api/client';
import {
  CONTACT_MESSAGES,
  contactPagePayload,
  defaultMessage,
  earliestPreferredTime,
  foldPreferredTime,
  formatPreferredTime,
  modalPayload,
  parseLocalDateTime,
  sendErrorMessage,
  validateContactModal,
  validateContactPage,
  validatePreferredTime,
  type ContactModalValues,
} from './contact-form';

// Local times: these tests hold in any time zone.
const NOW = new Date(2026, 2, 3, 14, 10, 25); // Tuesday, March 3, 2026, 14:10:25

const modal = (values: Partial<ContactModalValues> = {}): ContactModalValues => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '',
  message: 'I need assistance with Annual Report.',
  preferredTime: '',
  ...values,
});

describe('defaultMessage', () => {
  it('names the form or the services', () => {
    expect(defaultMessage('IRS Form 7004')).toBe('I need assistance with IRS Form 7004.');
  });
});

describe('validatePreferredTime', () => {
  it('accepts no choice (the field is optional) and a future half-hour slot', () => {
    expect(validatePreferredTime('', NOW)).toBeNull();
    expect(validatePreferredTime('2026-03-03T14:30', NOW)).toBeNull();
    expect(validatePreferredTime('2026-03-04T09:00', NOW)).toBeNull();
    expect(validatePreferredTime('2026-03-04T09:00:00', NOW)).toBeNull();
  });

  it('refuses the past, including earlier today', () => {
    expect(validatePreferredTime('2026-03-03T14:00', NOW)).toBe(CONTACT_MESSAGES.preferredPast);
    expect(validatePreferredTime('2026-03-02T16:30', NOW)).toBe(CONTACT_MESSAGES.preferredPast);
    expect(validatePreferredTime('2020-01-01T10:00', NOW)).toBe(CONTACT_MESSAGES.preferredPast);
  });

  it('refuses times off the 30-minute steps', () => {
    expect(validatePreferredTime('2026-03-04T09:15', NOW)).toBe(CONTACT_MESSAGES.preferredStep);
    expect(validatePreferredTime('2026-03-04T09:00:30', NOW)).toBe(CONTACT_MESSAGES.preferredStep);
  });

  it.each(['tomorrow', '2026-02-30T10:00', '2026-03-04T25:00', '2026-03-04 10:00'])('refuses %j', (value) => {
    expect(validatePreferredTime(value, NOW)).toBe(CONTACT_MESSAGES.preferredInvalid);
  });
});

describe('earliestPreferredTime', () => {
  it('is the next full or half hour', () => {
    expect(earliestPreferredTime(NOW)).toBe('2026-03-03T14:30');
    expect(earliestPreferredTime(new Date(2026, 2, 3, 14, 30, 0))).toBe('2026-03-03T14:30');
    expect(earliestPreferredTime(new Date(2026, 2, 3, 14, 30, 1))).toBe('2026-03-03T15:00');
    expect(earliestPreferredTime(new Date(2026, 11, 31, 23, 45))).toBe('2027-01-01T00:00');
  });
});

describe('folding the preferred date/time into the message', () => {
  it('formats the local time for people', () => {
    expect(formatPreferredTime(new Date(2026, 2, 3, 14, 30))).toBe('Tuesday, March 3, 2026 at 2:30 PM');
    expect(formatPreferredTime(new Date(2026, 2, 4, 0, 0))).toBe('Wednesday, March 4, 2026 at 12:00 AM');
    expect(formatPreferredTime(new Date(2026, 2, 4, 12, 0))).toBe('Wednesday, March 4, 2026 at 12:00 PM');
  });

  it('adds it after the text, with the time zone', () => {
    expect(foldPreferredTime(' Hello ', '2026-03-04T09:30', 'America/New_York')).toBe(
      'Hello\n\nPreferred date/time: Wednesday, March 4, 2026 at 9:30 AM (America/New_York)',
    );
    expect(foldPreferredTime('Hello', '', 'America/New_York')).toBe('Hello');
  });

  it('sends name, email, message and the phone only when given', () => {
    expect(modalPayload(modal({ preferredTime: '2026-03-04T09:30' }), 'UTC')).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      message:
        'I need assistance with Annual Report.\n\nPreferred date/time: Wednesday, March 4, 2026 at 9:30 AM (UTC)',
    });
    expect(modalPayload(modal({ phone: ' 919-555-0100 ' }), 'UTC').phone).toBe('919-555-0100');
  });

  it("marks a 'Book a Call' request as one, for the staff inbox", () => {
    expect(modalPayload(modal(), 'UTC', 'call').type).toBe('book_call');
    expect(modalPayload(modal(), 'UTC', 'message').type).toBeUndefined();
  });
});

describe('validateContactModal', () => {
  it('needs name, a valid email and a message; phone is optional', () => {
    expect(validateContactModal(modal(), NOW)).toBeNull();
    expect(validateContactModal(modal({ name: ' ' }), NOW)).toEqual({
      message: CONTACT_MESSAGES.nameRequired,
      field: 'name',
    });
    expect(validateContactModal(modal({ email: '' }), NOW)?.message).toBe(CONTACT_MESSAGES.emailRequired);
    expect(validateContactModal(modal({ email: 'ann@' }), NOW)?.message).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(validateContactModal(modal({ message: '\n' }), NOW)?.field).toBe('message');
  });

  it.each(['+1 (919) 555-0142', '919.555.0142 x12', ' 9195550142 ', ''])('takes the phone %j', (phone) => {
    expect(validateContactModal(modal({ phone }), NOW)).toBeNull();
  });

  // The server's rule (isPhoneNumber): otherwise it refuses what the form let through.
  it.each(['12345', 'call me', '+1 919 555 0142 (mobile)', '1'.repeat(41)])('refuses the phone %j', (phone) => {
    expect(validateContactModal(modal({ phone }), NOW)).toEqual({
      message: 'Please enter a valid phone number',
      field: 'phone',
    });
  });

  it('checks the preferred date/time when one is chosen', () => {
    expect(validateContactModal(modal({ preferredTime: '2026-03-03T13:30' }), NOW)).toEqual({
      message: CONTACT_MESSAGES.preferredPast,
      field: 'preferredTime',
    });
  });
});

describe('the contact page', () => {
  const page = { name: 'Ann', email: 'ann@example.com', phone: '', subject: 'Payroll', message: 'Hi' };

  it('needs name, email, subject and message', () => {
    expect(validateContactPage(page)).toBeNull();
    expect(validateContactPage({ ...page, subject: '' })).toEqual({
      message: CONTACT_MESSAGES.subjectRequired,
      field: 'subject',
    });
    expect(validateContactPage({ ...page, message: '' })?.field).toBe('message');
  });

  it('sends the subject, type contact_form and source website_contact_page', () => {
    expect(contactPagePayload({ ...page, phone: '555' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      phone: '555',
      subject: 'Payroll',
      message: 'Hi',
      type: 'contact_form',
      source: 'website_contact_page',
    });
  });
});

describe('sendErrorMessage', () => {
  it('shows the screen text, or the detail of a rate limit', () => {
    const fallback = CONTACT_MESSAGES.pageFailed;
    // A refusal of what was typed says what to change; a bare 400 keeps the screen's words.
    expect(sendErrorMessage(new ApiError(400, 'x', { detail: 'Please enter a valid email address' }), fallback)).toBe(
      'Please enter a valid email address',
    );
    expect(sendErrorMessage(new ApiError(400, 'x', {}), fallback)).toBe(fallback);
    expect(sendErrorMessage(new ApiError(500, 'x', { detail: 'Internal error' }), fallback)).toBe(fallback);
    expect(sendErrorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(
      sendErrorMessage(new ApiError(429, 'x', { detail: 'Too many messages. Try again in 10 minutes.' }), fallback),
    ).toBe('Too many messages. Try again in 10 minutes.');
  });
});

describe('parseLocalDateTime', () => {
  it('reads the picker value in local time', () => {
    expect(parseLocalDateTime('2026-03-04T09:30')).toEqual(new Date(2026, 2, 4, 9, 30));
  });
});
