import { ApiError } from '../../shared/api/client';
import {
  codeStatus,
  createPayload,
  DEFAULT_CREATE_VALUES,
  editPayload,
  expirationFromHours,
  failureMessage,
  fromLocalInputValue,
  inviteLink,
  isForbidden,
  parseHours,
  routeLabel,
  ROUTE_OPTIONS,
  toEditValues,
  toLocalInputValue,
  validateCreate,
  validateEdit,
  validateRecipient,
} from './invite-codes';
import { isAdmin } from '../../shared/session/user';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('route choices', () => {
  it('offers the two questionnaires with the spec labels', () => {
    expect(ROUTE_OPTIONS).toEqual([
      { route: '/new-client', label: 'Onboard New Retail Client' },
      { route: '/new-nonprofit-llc', label: 'Onboard new Non-Profit LLC Formation Client' },
    ]);
    expect(routeLabel('/new-nonprofit-llc')).toBe('Onboard new Non-Profit LLC Formation Client');
    expect(routeLabel('/elsewhere')).toBe('/elsewhere');
  });
});

describe('the expiration of a new code', () => {
  it('is now plus the hours, in ISO 8601 with its offset', () => {
    expect(expirationFromHours(48, NOW)).toBe('2026-03-03T12:00:00.000Z');
    expect(expirationFromHours(1, NOW)).toBe('2026-03-01T13:00:00.000Z');
  });

  it('defaults to 48 hours', () => {
    expect(DEFAULT_CREATE_VALUES).toEqual({ hours: '48', route: '', description: '' });
    expect(createPayload({ ...DEFAULT_CREATE_VALUES, route: '/new-client' }, NOW)).toEqual({
      expiration_datetime: '2026-03-03T12:00:00.000Z',
      route: '/new-client',
      description: '',
    });
  });

  it('builds no body for a route the server does not know (the form is checked first)', () => {
    expect(() => createPayload({ ...DEFAULT_CREATE_VALUES, route: '' }, NOW)).toThrow('Not an invite route');
    const code = { expiration_datetime: '2026-03-02T10:00:00.000Z' };
    expect(() => editPayload({ expiration: '2026-03-02T10:00', route: '/admin', description: '' }, code)).toThrow(
      'Not an invite route',
    );
  });

  it.each([
    ['1', 1],
    [' 72 ', 72],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['', null],
    ['abc', null],
  ])('reads the hours %j as %j (whole hours, at least 1)', (typed, hours) => {
    expect(parseHours(typed)).toBe(hours);
  });
});

describe('validateCreate', () => {
  const REQUIRED = 'Expiration (Hours) and Route are required.';

  it('needs the hours and the route, with the spec alert text', () => {
    expect(validateCreate({ hours: '', route: '/new-client', description: '' })).toEqual({
      message: REQUIRED,
      field: 'hours',
    });
    expect(validateCreate({ hours: '48', route: '', description: '' })).toEqual({ message: REQUIRED, field: 'route' });
    expect(validateCreate({ hours: '48', route: '/other', description: '' })).toEqual({
      message: REQUIRED,
      field: 'route',
    });
  });

  it('needs at least 1 hour', () => {
    expect(validateCreate({ hours: '0', route: '/new-client', description: '' })).toEqual({
      message: 'Expiration (Hours) must be a whole number of at least 1.',
      field: 'hours',
    });
  });

  it('sends the description trimmed', () => {
    expect(validateCreate({ hours: '2', route: '/new-nonprofit-llc', description: '' })).toBeNull();
    expect(createPayload({ hours: '2', route: '/new-nonprofit-llc', description: ' Acme ' }, NOW)).toEqual({
      expiration_datetime: '2026-03-01T14:00:00.000Z',
      route: '/new-nonprofit-llc',
      description: 'Acme',
    });
  });
});

describe('editing a code', () => {
  it('shows the expiration in local time and sends it back as the same instant', () => {
    const code = { expiration_datetime: '2026-03-03T12:30:00.000Z', route: '/new-client' as const, description: null };
    const values = toEditValues(code);

    expect(values.description).toBe('');
    expect(values.expiration).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // Read back from the field, not taken from the code: the same instant.
    expect(editPayload(values, { expiration_datetime: '2026-01-01T00:00:00.000Z' })).toEqual({
      expiration_datetime: '2026-03-03T12:30:00.000Z',
      route: '/new-client',
      description: '',
    });
  });

  it('keeps the expiration to the millisecond when the admin leaves it as it was (the field shows minutes only)', () => {
    // A code made with 'Expiration (Hours)' expires at now plus the hours: seconds and all.
    const code = {
      expiration_datetime: '2026-03-03T12:30:37.123Z',
      route: '/new-client' as const,
      description: 'Acme',
    };
    const values = { ...toEditValues(code), description: 'Acme LLC, bookkeeping' };

    expect(editPayload(values, code)).toEqual({
      expiration_datetime: '2026-03-03T12:30:37.123Z',
      route: '/new-client',
      description: 'Acme LLC, bookkeeping',
    });
    // Still future to the second: a description edited in the minute before it expires is not refused.
    expect(validateEdit(values, new Date('2026-03-03T12:30:20.000Z'), code)).toBeNull();
    expect(validateEdit(values, new Date('2026-03-03T12:30:40.000Z'), code)).toEqual({
      message: 'Expiration must be in the future.',
      field: 'expiration',
    });
    // A new expiration is the minute typed.
    const changed = { ...values, expiration: toLocalInputValue('2026-03-04T09:15:00.000Z') };
    expect(editPayload(changed, code).expiration_datetime).toBe('2026-03-04T09:15:00.000Z');
  });

  it('reads only real local date-times', () => {
    expect(fromLocalInputValue('2026-02-30T10:00')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
    expect(fromLocalInputValue('2026-02-28T10:00')?.getDate()).toBe(28);
    expect(toLocalInputValue('not a date')).toBe('');
  });

  it('needs a future expiration and a route', () => {
    const code = { expiration_datetime: '2026-03-05T00:00:00.000Z' };
    const later = toLocalInputValue('2026-03-02T00:00:00.000Z');
    const earlier = toLocalInputValue('2026-02-28T00:00:00.000Z');
    expect(validateEdit({ expiration: later, route: '/new-client', description: '' }, NOW, code)).toBeNull();
    expect(validateEdit({ expiration: earlier, route: '/new-client', description: '' }, NOW, code)).toEqual({
      message: 'Expiration must be in the future.',
      field: 'expiration',
    });
    expect(validateEdit({ expiration: '', route: '/new-client', description: '' }, NOW, code)).toEqual({
      message: 'Expiration date and time is required.',
      field: 'expiration',
    });
    expect(validateEdit({ expiration: later, route: '', description: '' }, NOW, code)).toEqual({
      message: 'Route is required.',
      field: 'route',
    });
  });
});

describe('validateRecipient', () => {
  it('needs an address, in the x@y.z form', () => {
    expect(validateRecipient(' ')).toEqual({ message: 'Recipient email is required.', field: 'recipient' });
    expect(validateRecipient('ann@example')).toEqual({
      message: 'Please enter a valid email address',
      field: 'recipient',
    });
    expect(validateRecipient('ann@example.com')).toBeNull();
  });
});

describe('codeStatus', () => {
  it('is Used, then Expired, then Active', () => {
    expect(codeStatus({ is_used: true, expiration_datetime: '2030-01-01T00:00:00Z' }, NOW)).toBe('Used');
    expect(codeStatus({ is_used: false, expiration_datetime: '2026-03-01T12:00:00Z' }, NOW)).toBe('Expired');
    expect(codeStatus({ is_used: false, expiration_datetime: '2026-03-01T12:00:01Z' }, NOW)).toBe('Active');
  });
});

describe('failureMessage', () => {
  it("is the spec sentence, followed by the server's reason when it gave one", () => {
    expect(failureMessage('Failed to create invite code.', new TypeError('Failed to fetch'))).toBe(
      'Failed to create invite code.',
    );
    expect(
      failureMessage(
        'Failed to create invite code.',
        new ApiError(400, 'x', { detail: 'Expiration must be at most 365 days from now.' }),
      ),
    ).toBe('Failed to create invite code. Expiration must be at most 365 days from now.');
    expect(
      failureMessage(
        'Failed to send email. Please try again.',
        new ApiError(409, 'x', { detail: 'This invite code has already been used and can no longer be sent.' }),
      ),
    ).toBe('Failed to send email. Please try again. This invite code has already been used and can no longer be sent.');
    expect(failureMessage('Failed to save invite code.', new ApiError(500, 'Request failed', undefined))).toBe(
      'Failed to save invite code.',
    );
  });
});

describe('access and paging', () => {
  it('lets user_type 99 in, and nobody else', () => {
    expect(isAdmin({ user_type: 99 })).toBe(true);
    expect(isAdmin({ user_type: 1 })).toBe(false);
    expect(isAdmin({ user_type: null })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('tells a 403 from other failures', () => {
    expect(isForbidden(new ApiError(403, 'Forbidden', undefined))).toBe(true);
    expect(isForbidden(new ApiError(401, 'x', undefined))).toBe(false);
    expect(isForbidden(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('builds the link the invitation mail carries', () => {
    expect(inviteLink('https://portal.example', { route: '/new-client', invite_code: 'K7M2-QX9D-4TRB-HF3W' })).toBe(
      'https://portal.example/new-client?code=K7M2-QX9D-4TRB-HF3W',
    );
  });
});
