/* The signed-in user's profile (identity, GET and PUT /profiles/me). */

export const ADDRESS_COUNTRIES = ['US', 'CA', 'GB', 'AU'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];
export const DEFAULT_COUNTRY: AddressCountry = 'US';

/** An address as stored and answered. */
export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: AddressCountry;
}

/** An address as a client sends it: line2 may be left out, the country defaults to US. */
export interface AddressInput {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postal_code: string;
  country?: AddressCountry;
}

/**
 * PUT /profiles/me, a partial update: absent fields stay as they are; null (or an empty string)
 * clears the optional ones. The e-mail may be sent back unchanged; changing it is refused.
 */
export interface UpdateProfileRequest {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  job_title?: string | null;
  /** An object, or the same object as a JSON string; null, '' or 'null' removes it. */
  address?: AddressInput | string | null;
}

/** GET and PUT /profiles/me. */
export interface ProfileReply {
  /** The profile's id. */
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  job_title: string | null;
  address: Address | null;
  is_verified: boolean;
  role: string;
  user_type: number;
}
