import {
  ADDRESS_COUNTRIES,
  DEFAULT_COUNTRY,
  NAME_MESSAGES,
  type AddressCountry,
  type AddressInput,
  type ProfileReply,
  type UpdateProfileRequest,
} from '@portal/contracts';
import { serverDetail } from '../../shared/api/server-detail';

/** The countries the server takes (spec part 2, section 3), with their names for people. */
export const COUNTRY_NAMES: Readonly<Record<AddressCountry, string>> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
};

/** The country choices, in the server's order. */
export const COUNTRIES = ADDRESS_COUNTRIES.map((code) => ({ code, name: COUNTRY_NAMES[code] }));

export type CountryCode = AddressCountry;

export { DEFAULT_COUNTRY };

/** An address as the form holds it: every part text ('' when empty). */
export interface Address {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: CountryCode;
}

export interface Profile {
  id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  job_title: string;
  address: Address | null;
  is_verified: boolean;
  role: string | null;
  user_type: number | null;
}

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile information',
  updateFailed: 'Failed to update profile',
  firstNameRequired: NAME_MESSAGES.firstNameRequired,
  lastNameRequired: NAME_MESSAGES.lastNameRequired,
  emailReadOnly: 'Email cannot be changed. Contact support for assistance.',
  streetRequired: 'Please enter your street address',
  cityRequired: 'Please enter your city',
  stateRequired: 'Please enter your state/province',
  postalCodeRequired: 'Please enter your ZIP/postal code',
  draftRestored: 'Your session ended before your changes were saved. Here they are again: check them and press Save.',
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function isCountry(value: unknown): value is CountryCode {
  return ADDRESS_COUNTRIES.some((code) => code === value);
}

export function emptyAddress(): Address {
  return { line1: '', line2: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY };
}

/**
 * The address as the server keeps it: an object, a JSON string of one, or (older data) a line of free
 * text, which becomes the first line. Null when there is none.
 */
export function parseAddress(raw: unknown): Address | null {
  let value = raw;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return null;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return { ...emptyAddress(), line1: trimmed };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const address: Address = {
    line1: text(fields.line1),
    line2: text(fields.line2),
    city: text(fields.city),
    state: text(fields.state),
    postal_code: text(fields.postal_code),
    country: isCountry(fields.country) ? fields.country : DEFAULT_COUNTRY,
  };
  return isAddressEmpty(address) ? null : address;
}

export function isAddressEmpty(address: Address): boolean {
  return [address.line1, address.line2, address.city, address.state, address.postal_code].every((part) => !part.trim());
}

/** The reply of GET and PUT /profiles/me as the screens use it: an empty optional field is ''. */
export function normalizeProfile(reply: ProfileReply): Profile {
  return {
    id: reply.id,
    email: reply.email,
    first_name: reply.first_name,
    last_name: reply.last_name,
    phone: reply.phone ?? '',
    company: reply.company ?? '',
    job_title: reply.job_title ?? '',
    address: parseAddress(reply.address),
    is_verified: reply.is_verified,
    role: reply.role,
    user_type: reply.user_type,
  };
}

/** The Personal Information form. The e-mail is shown, never sent. */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  job_title: string;
  address: Address;
}

export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone,
    company: profile.company,
    job_title: profile.job_title,
    address: profile.address ? { ...profile.address } : emptyAddress(),
  };
}

export type ProfileField =
  'first_name' | 'last_name' | 'address.line1' | 'address.city' | 'address.state' | 'address.postal_code';

/**
 * First and last name are required (spec part 2, section 5). The address is optional, but once any
 * part of it is typed it needs the parts the server requires, with the spec's checkout messages:
 * otherwise its separate update would fail with nothing but a log line.
 */
export function validateProfile(values: ProfileFormValues): { message: string; field: ProfileField } | null {
  if (!values.first_name.trim()) return { message: PROFILE_MESSAGES.firstNameRequired, field: 'first_name' };
  if (!values.last_name.trim()) return { message: PROFILE_MESSAGES.lastNameRequired, field: 'last_name' };
  if (isAddressEmpty(values.address)) return null;
  const required = [
    ['line1', PROFILE_MESSAGES.streetRequired],
    ['city', PROFILE_MESSAGES.cityRequired],
    ['state', PROFILE_MESSAGES.stateRequired],
    ['postal_code', PROFILE_MESSAGES.postalCodeRequired],
  ] as const;
  for (const [part, message] of required) {
    if (!values.address[part].trim()) return { message, field: `address.${part}` };
  }
  return null;
}

/** The main update of PUT /profiles/me (spec part 2, section 7). */
export function toProfileUpdate(values: ProfileFormValues): UpdateProfileRequest {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone.trim(),
    company: values.company.trim(),
    job_title: values.job_title.trim(),
  };
}

/**
 * The separate phone-and-address update (spec part 2, section 7), or null when there is nothing to
 * send: no address typed and none stored. The address goes as a JSON string; emptying every field of a
 * stored address sends 'null', which removes it.
 */
export function toAddressUpdate(values: ProfileFormValues, stored: Address | null): UpdateProfileRequest | null {
  const address: Address = {
    line1: values.address.line1.trim(),
    line2: values.address.line2.trim(),
    city: values.address.city.trim(),
    state: values.address.state.trim(),
    postal_code: values.address.postal_code.trim(),
    country: values.address.country,
  };
  const empty = isAddressEmpty(address);
  if (empty && !stored) return null;
  const sent: AddressInput | null = empty ? null : address;
  return { phone: values.phone.trim(), address: JSON.stringify(sent) };
}

/** The lines to show for an address in the read-only view. */
export function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const country = COUNTRIES.find((c) => c.code === address.country)?.name ?? address.country;
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine, country].filter((line) => line.trim() !== '');
}

export function profileUpdateErrorMessage(error: unknown): string {
  return serverDetail(error) ?? PROFILE_MESSAGES.updateFailed;
}
