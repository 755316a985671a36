import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/client';
import buttonStyles from '../../../shared/ui/button.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SelectField } from '../../../shared/ui/SelectField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useUpdateProfile } from '../hooks/use-profile';
import type { ProfileDraft } from '../hooks/use-profile-draft';
import {
  COUNTRIES,
  PROFILE_MESSAGES,
  profileUpdateErrorMessage,
  toFormValues,
  validateProfile,
  type Profile,
  type ProfileFormValues,
} from '../profile';
import styles from './PersonalInformation.module.css';

interface ProfileFormProps {
  profile: Profile;
  /** Kept while a save is under way; its restored values, if any, are the form's. */
  draft: ProfileDraft;
  /** Leaves edit mode: `saved` after a successful save, false on Cancel. */
  onDone(saved: boolean): void;
}

/**
 * Personal Information in edit mode: Save sends it, Cancel drops every change. A save the server refuses
 * because the session has ended (401: the user is sent to sign in) leaves the values in the draft.
 */
export function ProfileForm({ profile, draft, onDone }: ProfileFormProps) {
  const update = useUpdateProfile();
  const [issue, setIssue] = useState<ReturnType<typeof validateProfile>>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus } = useForm<ProfileFormValues>({
    defaultValues: draft.restored ?? toFormValues(profile),
  });

  useEffect(() => setFocus('first_name'), [setFocus]);

  const submit = handleSubmit((values) => {
    const problem = validateProfile(values);
    setIssue(problem);
    update.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    draft.keep(values);
    update.mutate(
      { values, stored: profile },
      {
        onSuccess: () => {
          draft.drop();
          onDone(true);
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.status === 401)) draft.drop();
        },
      },
    );
  });

  const error = issue?.message ?? (update.isError ? profileUpdateErrorMessage(update.error) : null);
  const describedBy = error ? errorId : undefined;

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Personal Information">
      <div className={formStyles.row}>
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          invalid={issue?.field === 'first_name'}
          describedBy={describedBy}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          invalid={issue?.field === 'last_name'}
          describedBy={describedBy}
          {...register('last_name')}
        />
      </div>
      <TextField label="Email" type="email" value={profile.email} readOnly hint={PROFILE_MESSAGES.emailReadOnly} />
      <div className={formStyles.row}>
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...register('phone')} />
        <TextField label="Company (optional)" autoComplete="organization" {...register('company')} />
      </div>
      <TextField label="Job title (optional)" autoComplete="organization-title" {...register('job_title')} />

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Address (optional)</legend>
        <TextField
          label="Address line 1"
          autoComplete="address-line1"
          invalid={issue?.field === 'address.line1'}
          describedBy={issue?.field === 'address.line1' ? errorId : undefined}
          {...register('address.line1')}
        />
        <TextField label="Address line 2" autoComplete="address-line2" {...register('address.line2')} />
        <div className={formStyles.row}>
          <TextField
            label="City"
            autoComplete="address-level2"
            invalid={issue?.field === 'address.city'}
            describedBy={issue?.field === 'address.city' ? errorId : undefined}
            {...register('address.city')}
          />
          <TextField
            label="State / Province"
            autoComplete="address-level1"
            invalid={issue?.field === 'address.state'}
            describedBy={issue?.field === 'address.state' ? errorId : undefined}
            {...register('address.state')}
          />
        </div>
        <div className={formStyles.row}>
          <TextField
            label="ZIP / Postal code"
            autoComplete="postal-code"
            invalid={issue?.field === 'address.postal_code'}
            describedBy={issue?.field === 'address.postal_code' ? errorId : undefined}
            {...register('address.postal_code')}
          />
          <SelectField label="Country" autoComplete="country" {...register('address.country')}>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>

      <FormError id={errorId} message={error} />
      <div className={formStyles.actions}>
        <SubmitButton busy={update.isPending} busyLabel="Saving…">
          Save
        </SubmitButton>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={() => {
            draft.drop();
            onDone(false);
          }}
          disabled={update.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
