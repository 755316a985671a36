import type { ProfileReply } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import {
  addressLines,
  emptyAddress,
  normalizeProfile,
  parseAddress,
  profileUpdateErrorMessage,
  toAddressUpdate,
  toFormValues,
  toProfileUpdate,
  validateProfile,
  type ProfileFormValues,
} from './profile';

const ADDRESS = {
  line1: '1 Main St',
  line2: 'Suite 2',
  city: 'Raleigh',
  state: 'NC',
  postal_code: '27601',
  country: 'US' as const,
};

const REPLY: ProfileReply = {
  id: 'p-4',
  user_id: 'u-1',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  phone: null,
  company: null,
  job_title: null,
  address: null,
  is_verified: true,
  role: 'user',
  user_type: 1,
};

const VALUES: ProfileFormValues = {
  first_name: ' Ann ',
  last_name: 'Lee',
  phone: ' +1 555 0100 ',
  company: 'Acme',
  job_title: 'CFO',
  address: { ...ADDRESS, city: ' Raleigh ' },
};

describe('parseAddress', () => {
  it('reads an object or a JSON string of one', () => {
    expect(parseAddress(ADDRESS)).toEqual(ADDRESS);
    expect(parseAddress(JSON.stringify({ ...ADDRESS, country: 'GB' }))).toEqual({ ...ADDRESS, country: 'GB' });
  });

  it('fills missing parts and defaults the country to US', () => {
    expect(parseAddress({ line1: '1 Main St', country: 'FR' })).toEqual({ ...emptyAddress(), line1: '1 Main St' });
    expect(parseAddress({ city: 'Leeds', country: 'GB', postal_code: 12345 })).toMatchObject({
      city: 'Leeds',
      country: 'GB',
      postal_code: '12345',
    });
  });

  it('keeps free text as the first line', () => {
    expect(parseAddress('1 Main St, Raleigh')).toEqual({ ...emptyAddress(), line1: '1 Main St, Raleigh' });
  });

  it.each([null, undefined, '', '  ', '[]', 'null', 42, { country: 'CA' }, '{"line1":" "}'])(
    'gives null for %j, which holds no address',
    (raw) => {
      expect(parseAddress(raw)).toBeNull();
    },
  );
});

describe('normalizeProfile', () => {
  it('reads the reply of GET /profiles/me', () => {
    expect(
      normalizeProfile({
        ...REPLY,
        phone: null,
        company: 'Acme',
        job_title: null,
        address: ADDRESS,
      }),
    ).toEqual({
      id: 'p-4',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      phone: '',
      company: 'Acme',
      job_title: '',
      address: ADDRESS,
      is_verified: true,
      role: 'user',
      user_type: 1,
    });
  });

  it('reads an address left empty as none', () => {
    expect(
      normalizeProfile({
        ...REPLY,
        address: { ...ADDRESS, line1: ' ', line2: null, city: '', state: '', postal_code: '' },
      }).address,
    ).toBeNull();
    expect(normalizeProfile({ ...REPLY, address: { ...ADDRESS, line2: null } }).address).toEqual({
      ...ADDRESS,
      line2: '',
    });
  });
});

describe('toFormValues', () => {
  it('gives an empty US address when the profile has none', () => {
    const profile = normalizeProfile({ ...REPLY, last_name: '' });
    expect(toFormValues(profile)).toEqual({
      first_name: 'Ann',
      last_name: '',
      phone: '',
      company: '',
      job_title: '',
      address: { line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US' },
    });
  });
});

describe('validateProfile', () => {
  it('needs first and last name', () => {
    expect(validateProfile({ ...VALUES, first_name: ' ' })).toEqual({
      message: 'First name is required',
      field: 'first_name',
    });
    expect(validateProfile({ ...VALUES, last_name: '' })).toEqual({
      message: 'Last name is required',
      field: 'last_name',
    });
  });

  it.each([
    ['line1', 'Please enter your street address'],
    ['city', 'Please enter your city'],
    ['state', 'Please enter your state/province'],
    ['postal_code', 'Please enter your ZIP/postal code'],
  ] as const)('needs the %s of an address once any part of it is typed', (part, message) => {
    expect(validateProfile({ ...VALUES, address: { ...ADDRESS, [part]: ' ' } })).toEqual({
      message,
      field: `address.${part}`,
    });
  });

  it('does not need line 2, and defaults nothing else', () => {
    expect(validateProfile({ ...VALUES, address: { ...ADDRESS, line2: '' } })).toBeNull();
    expect(validateProfile({ ...VALUES, address: { ...emptyAddress(), line2: 'Suite 2' } })?.message).toBe(
      'Please enter your street address',
    );
  });

  it('leaves phone, company, job title and address optional', () => {
    expect(validateProfile({ ...VALUES, phone: '', company: '', job_title: '', address: emptyAddress() })).toBeNull();
  });
});

describe('toProfileUpdate', () => {
  it('sends the trimmed names, phone, company and job title, and never the e-mail', () => {
    expect(toProfileUpdate(VALUES)).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      phone: '+1 555 0100',
      company: 'Acme',
      job_title: 'CFO',
    });
  });
});

describe('toAddressUpdate', () => {
  it('sends the phone and the address as a JSON string', () => {
    const update = toAddressUpdate(VALUES, null);
    expect(update?.phone).toBe('+1 555 0100');
    expect(JSON.parse(update?.address as string)).toEqual(ADDRESS);
  });

  it('sends nothing when no address was typed and none is stored', () => {
    expect(toAddressUpdate({ ...VALUES, address: emptyAddress() }, null)).toBeNull();
  });

  it('removes the stored address when every field was emptied', () => {
    expect(toAddressUpdate({ ...VALUES, address: emptyAddress() }, ADDRESS)).toEqual({
      phone: '+1 555 0100',
      address: 'null',
    });
  });
});

describe('addressLines', () => {
  it('lays an address out in lines, skipping the empty parts', () => {
    expect(addressLines(ADDRESS)).toEqual(['1 Main St', 'Suite 2', 'Raleigh, NC 27601', 'United States']);
    expect(addressLines({ ...emptyAddress(), city: 'Toronto', country: 'CA' })).toEqual(['Toronto', 'Canada']);
    expect(addressLines(null)).toEqual([]);
  });
});

describe('profileUpdateErrorMessage', () => {
  it('shows the server detail, else the spec fallback', () => {
    expect(profileUpdateErrorMessage(new ApiError(400, 'x', { detail: 'Email cannot be changed' }))).toBe(
      'Email cannot be changed',
    );
    expect(profileUpdateErrorMessage(new ApiError(500, 'Request failed with status 500', undefined))).toBe(
      'Failed to update profile',
    );
    expect(profileUpdateErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to update profile');
  });
});
