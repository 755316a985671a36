import { MESSAGE_LIMITS, PERK_TYPES } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTimeout } from 'usehooks-ts';
import { Alert } from '../../../shared/ui/Alert';
import { ChoiceGroup } from '../../../shared/ui/ChoiceGroup';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { OptionalPhoneField, TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { STATUS_CLEAR_MS } from '../../careers/application-form';
import { sendPerkOffer } from '../api';
import {
  EMPTY_PERK,
  PERK_MESSAGES,
  PERK_TEXT_MAX_LENGTH,
  PERK_WEBSITE_MAX_LENGTH,
  perkPayload,
  validatePerk,
  type PerkValues,
} from '../perk-form';
import styles from './Perks.module.css';

/** The perk provider form: sending, then success (the form clears) or the error; the status clears after 5 s. */
export function PerkProviderForm() {
  const send = useMutation({ mutationFn: sendPerkOffer });
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<keyof PerkValues>(
    send.isError ? PERK_MESSAGES.failed : null,
  );
  const { register, handleSubmit, setFocus, reset } = useForm<PerkValues>({ defaultValues: EMPTY_PERK });
  useTimeout(send.reset, send.isSuccess || send.isError ? STATUS_CLEAR_MS : null);

  const submit = handleSubmit((values) => {
    const problem = validatePerk(values);
    setIssue(problem);
    send.reset();
    if (problem) {
      // A radio group takes the focus on its first option.
      if (problem.field !== 'perkType') setFocus(problem.field);
      return;
    }
    send.mutate(perkPayload(values), { onSuccess: () => reset(EMPTY_PERK) });
  });

  const field = (name: keyof PerkValues) => ({ ...fieldIssue(name), ...register(name) });

  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={submit} noValidate aria-label="Perk provider">
      <div className={formStyles.row}>
        <TextField
          label="Company name"
          autoComplete="organization"
          maxLength={MESSAGE_LIMITS.name}
          required
          {...field('name')}
        />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      </div>
      <div className={formStyles.row}>
        <OptionalPhoneField {...field('phone')} />
        <TextField
          label="Website"
          type="url"
          autoComplete="url"
          placeholder="https://yourcompany.com"
          maxLength={PERK_WEBSITE_MAX_LENGTH}
          required
          {...field('website')}
        />
      </div>
      <TextAreaField
        label="Offer details"
        rows={3}
        maxLength={PERK_TEXT_MAX_LENGTH}
        required
        hint="What our clients get: the discount, credit or free period, and any conditions."
        {...field('offerDetails')}
      />
      <TextAreaField
        label="Company description"
        rows={3}
        maxLength={PERK_TEXT_MAX_LENGTH}
        required
        {...field('companyDescription')}
      />
      <ChoiceGroup
        question="Perk type"
        options={PERK_TYPES}
        required
        {...fieldIssue('perkType')}
        registration={register('perkType')}
      />
      <TextAreaField
        label="Redemption instructions"
        rows={3}
        maxLength={PERK_TEXT_MAX_LENGTH}
        required
        hint="The URL, promo code or e-mail address clients use, and how."
        {...field('redemptionInstructions')}
      />
      <FormError id={errorId} message={error} />
      {send.isSuccess && <Alert tone="success">{PERK_MESSAGES.sent}</Alert>}
      <div className={formStyles.actions}>
        <SubmitButton busy={send.isPending} busyLabel="Submitting...">
          Submit Perk
        </SubmitButton>
      </div>
    </form>
  );
}
