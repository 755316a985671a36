import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { useSession } from '../../../shared/session';
import { useMyProfile } from '../hooks/use-profile';
import { useProfileDraft } from '../hooks/use-profile-draft';
import { PROFILE_MESSAGES } from '../profile';
import styles from './PersonalInformation.module.css';
import { ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';

/** The Personal Information section of /profile: the details, with Edit, then Save or Cancel. */
export function PersonalInformation({ className }: { className?: string }) {
  const profile = useMyProfile();
  const draft = useProfileDraft(useSession().user?.id ?? null);
  // Back from signing in again after a save met the end of the session: the form, with what was typed.
  const [editing, setEditing] = useState(draft.restored !== null);
  const [restored, setRestored] = useState(draft.restored !== null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from the form, focus returns to Edit rather than to the top of the page.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  function startEditing() {
    setSaved(false);
    setEditing(true);
  }

  function stopEditing(wasSaved: boolean) {
    returnFocus.current = true;
    setRestored(false);
    setSaved(wasSaved);
    setEditing(false);
  }

  return (
    <section className={className} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Personal Information</h2>
        {profile.data && !editing && (
          <button
            ref={editButton}
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={startEditing}
          >
            Edit
          </button>
        )}
      </div>
      {saved && !editing && (
        <Alert tone="success" className={styles.status}>
          Your profile has been updated.
        </Alert>
      )}
      {profile.isPending && <p role="status">Loading your profile…</p>}
      {/* Only when nothing was loaded: a failed refresh leaves the details, or the form being edited, alone. */}
      {profile.isLoadingError && (
        <Alert tone="error">
          <p>{PROFILE_MESSAGES.loadFailed}</p>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
        </Alert>
      )}
      {restored && editing && profile.data && (
        <Alert tone="info" className={styles.status}>
          {PROFILE_MESSAGES.draftRestored}
        </Alert>
      )}
      {profile.data &&
        (editing ? (
          <ProfileForm profile={profile.data} draft={draft} onDone={stopEditing} />
        ) : (
          <ProfileDetails profile={profile.data} />
        ))}
    </section>
  );
}
