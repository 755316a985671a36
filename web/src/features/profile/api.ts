import type { ProfileReply, UpdateProfileRequest } from '@portal/contracts';
import { apiClient } from '../../shared/api';
import { normalizeProfile, type Profile } from './profile';

export async function getMyProfile(): Promise<Profile> {
  return normalizeProfile(await apiClient.get<ProfileReply>('/profiles/me'));
}

/** Names, phone, company and job title; the e-mail is never sent (the server refuses a change). */
export async function updateMyProfile(update: UpdateProfileRequest): Promise<Profile> {
  return normalizeProfile(await apiClient.put<ProfileReply>('/profiles/me', update));
}

/** The separate phone-and-address update (spec part 2, section 7). */
export async function updateMyAddress(update: UpdateProfileRequest): Promise<Profile> {
  return normalizeProfile(await apiClient.put<ProfileReply>('/profiles/me', update));
}
