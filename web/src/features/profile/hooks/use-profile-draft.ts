import { useState } from 'react';
import { clearDraft, openDraftStorage, readSavedDraft, saveDraft, userDraftKey } from '../../../shared/storage/drafts';
import { emptyAddress, type ProfileFormValues } from '../profile';

export interface ProfileDraft {
  /** What a save that met the end of the session was sending: the form opens with it. */
  restored: ProfileFormValues | null;
  keep(values: ProfileFormValues): void;
  drop(): void;
}

const EMPTY: ProfileFormValues = {
  first_name: '',
  last_name: '',
  phone: '',
  company: '',
  job_title: '',
  address: emptyAddress(),
};

/**
 * The profile form's values while a save is under way, kept in the tab (sessionStorage) per user: a save
 * refused because the session ran out sends the user to sign in, and back here the form opens again
 * with what they typed. Dropped once the save is answered otherwise, or the form is cancelled, or the
 * user signs out (useSignOut).
 */
export function useProfileDraft(userId: string | null): ProfileDraft {
  const [draft] = useState(() => {
    const storage = userId ? openDraftStorage() : null;
    const key = userId ? userDraftKey(userId, 'profile') : '';
    return {
      restored: readSavedDraft(storage, key, EMPTY),
      keep: (values: ProfileFormValues) => saveDraft(storage, key, values),
      drop: () => clearDraft(storage, key),
    };
  });
  return draft;
}
