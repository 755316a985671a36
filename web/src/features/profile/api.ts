import { apiClient } from '../../shared/api';
import { normalizeProfile, type AddressUpdate, type Profile, type ProfileUpdate } from './profile';

type RawProfile = Record<string, unknown>;

export async function getMyProfile(): Promise<Profile> {
  return normalizeProfile(await apiClient.get<RawProfile>('/profiles/me'));
}

/** Names, phone, company and job title; the e-mail is never sent (the server refuses a change). */
export async function updateMyProfile(update: ProfileUpdate): Promise<Profile> {
  return normalizeProfile(await apiClient.put<RawProfile>('/profiles/me', update));
}

/** The separate phone-and-address update (spec part 2, section 7). */
export async function updateMyAddress(update: AddressUpdate): Promise<Profile> {
  return normalizeProfile(await apiClient.put<RawProfile>('/profiles/me', update));
}
