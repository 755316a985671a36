import { validateBody } from '@portal/testing';
import { PageQueryDto } from '../../common/pagination';
import { parseExpiration, SaveInviteCodeDto, SendInviteCodeDto } from './invite-code.dto';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('SaveInviteCodeDto', () => {
  const valid = { expiration_datetime: inHours(48), route: '/new-client', description: 'Acme LLC' };
  const errors = async (body: Record<string, unknown>) => (await validateBody(SaveInviteCodeDto, body)).errors;

  it('accepts what the web sends: now plus the hours, in ISO 8601 with Z, a route and a description', async () => {
    expect(await errors(valid)).toEqual([]);
    expect(await errors({ ...valid, route: '/new-nonprofit-llc', description: undefined })).toEqual([]);
    const blank = await validateBody(SaveInviteCodeDto, { ...valid, description: '  ' });
    expect(blank.value?.description).toBeNull();
  });

  it('accepts any offset', async () => {
    const year = new Date().getUTCFullYear() + 1;
    expect(await errors({ ...valid, expiration_datetime: `${year}-01-15T09:30:00+05:30` })).toEqual([]);
    expect(await errors({ ...valid, expiration_datetime: `${year}-01-15T09:30-0800` })).toEqual([]);
  });

  it('requires the expiration and the route', async () => {
    expect(await errors({})).toEqual(['Expiration date and time is required.', 'Route is required.']);
  });

  it.each([
    'tomorrow',
    '2027-01-15',
    '2027-01-15T09:30:00',
    '2027-02-30T09:30:00Z',
    '2027-13-01T09:30:00Z',
    '1700000000000',
  ])('refuses the expiration %s (no date, no time or no offset, or no such date)', async (expiration_datetime) => {
    expect(await errors({ ...valid, expiration_datetime })).toEqual([
      'Expiration must be an ISO 8601 date and time with a time zone offset, such as 2026-11-24T14:00:00Z.',
    ]);
  });

  it('refuses an expiration in the past, now, or more than a year ahead', async () => {
    expect(await errors({ ...valid, expiration_datetime: inHours(-1) })).toEqual(['Expiration must be in the future.']);
    expect(await errors({ ...valid, expiration_datetime: new Date().toISOString() })).toEqual([
      'Expiration must be in the future.',
    ]);
    expect(await errors({ ...valid, expiration_datetime: inHours(24 * 366) })).toEqual([
      'Expiration must be at most 365 days from now.',
    ]);
  });

  it('takes exactly the two routes', async () => {
    for (const route of ['/new-client/', 'new-client', '/admin', '/NEW-CLIENT']) {
      expect(await errors({ ...valid, route })).toEqual(['Route must be /new-client or /new-nonprofit-llc.']);
    }
  });

  it('bounds the description to 500 characters', async () => {
    expect(await errors({ ...valid, description: 'x'.repeat(500) })).toEqual([]);
    expect(await errors({ ...valid, description: 'x'.repeat(501) })).toEqual([
      'Description must be at most 500 characters long.',
    ]);
    expect(await errors({ ...valid, description: 5 })).toEqual(['Description must be text.']);
  });

  it('refuses fields the admin cannot set', async () => {
    expect(await errors({ ...valid, invite_code: 'AAAA-AAAA-AAAA-AAAA', is_used: false })).toEqual([
      'property invite_code should not exist',
      'property is_used should not exist',
    ]);
  });

  it('parses the expiration it accepts', () => {
    expect(parseExpiration('2027-01-15T09:30:00+05:30')?.toISOString()).toBe('2027-01-15T04:00:00.000Z');
    expect(parseExpiration('2027-01-15T09:30:00')).toBeUndefined();
  });
});

describe('SendInviteCodeDto', () => {
  it('needs a valid recipient', async () => {
    expect((await validateBody(SendInviteCodeDto, {})).errors).toEqual(['Recipient email is required.']);
    expect((await validateBody(SendInviteCodeDto, { recipient_email: 'x@y' })).errors).toEqual([
      'Please enter a valid email address',
    ]);
    expect((await validateBody(SendInviteCodeDto, { recipient_email: ' a@b.co ' })).value).toEqual({
      recipient_email: 'a@b.co',
    });
  });
});

describe('PageQueryDto', () => {
  it('reads page and page_size from the query, within bounds', async () => {
    expect((await validateBody(PageQueryDto, { page: '2', page_size: '50' }, 'query')).value).toMatchObject({
      page: 2,
      page_size: 50,
    });
    expect((await validateBody(PageQueryDto, {}, 'query')).errors).toEqual([]);
    expect((await validateBody(PageQueryDto, { page: '0', page_size: '101' }, 'query')).errors).toEqual([
      'page must be a whole number of at least 1',
      'page_size must be a whole number from 1 to 100',
    ]);
    expect((await validateBody(PageQueryDto, { page: 'two' }, 'query')).errors).toEqual([
      'page must be a whole number of at least 1',
    ]);
  });
});
