import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/session';
import { getMyProfile, updateMyAddress, updateMyProfile } from '../api';
import { toAddressUpdate, toProfileUpdate, type Profile, type ProfileFormValues } from '../profile';
import { profileKeys } from './query-keys';

export function useMyProfile() {
  return useQuery({ queryKey: profileKeys.me, queryFn: getMyProfile });
}

/**
 * Saves the Personal Information form: the main update, then phone and address as a separate update
 * whose failure is only logged (spec part 2, section 7). The session's user takes the new names, so the
 * header's initials follow at once.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: async ({ values, stored }: { values: ProfileFormValues; stored: Profile }): Promise<Profile> => {
      let profile = await updateMyProfile(toProfileUpdate(values));
      const addressUpdate = toAddressUpdate(values, stored.address);
      if (addressUpdate) {
        try {
          profile = await updateMyAddress(addressUpdate);
        } catch (error) {
          console.error('Saving the address of the profile failed', error);
        }
      }
      return profile;
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.me, profile);
      updateUser({ first_name: profile.first_name, last_name: profile.last_name });
    },
  });
}
