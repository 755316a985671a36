import { MESSAGE_LIMITS } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { OptionalPhoneField, TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { sendMessage } from '../../contact/api';
import { CONTACT_MESSAGES, sendErrorMessage } from '../../contact/contact-form';
import { landingMessage, validateLandingForm, type LandingFormValues, type Tracking } from '../landing-lead';

interface LandingFormProps {
  tracking: Tracking;
  onSubmitted(): void;
}

/**
 * The landing page's contact form (spec part 1, sections 3-5): the lead, with the campaign's tracking
 * parameters, goes to the staff inbox as a call request; then the page shows its thank-you view.
 */
export function LandingForm({ tracking, onSubmitted }: LandingFormProps) {
  const send = useMutation({ mutationFn: sendMessage, onSuccess: () => onSubmitted() });
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<keyof LandingFormValues>(
    send.isError ? sendErrorMessage(send.error, CONTACT_MESSAGES.modalFailed) : null,
  );
  const { register, handleSubmit, setFocus } = useForm<LandingFormValues>({
    defaultValues: { name: '', email: '', company: '', phone: '' },
  });

  const submit = handleSubmit((values) => {
    if (send.isPending) return;
    const problem = validateLandingForm(values);
    setIssue(problem);
    send.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    send.mutate(landingMessage(values, tracking));
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Consultation request"
    >
      <TextField
        label="Full Name"
        maxLength={MESSAGE_LIMITS.name}
        autoComplete="name"
        required
        {...fieldIssue('name')}
        {...register('name')}
      />
      <TextField
        label="Business Email"
        type="email"
        autoComplete="email"
        required
        {...fieldIssue('email')}
        {...register('email')}
      />
      <div className={formStyles.row}>
        <TextField
          label="Company"
          maxLength={MESSAGE_LIMITS.name}
          autoComplete="organization"
          required
          {...fieldIssue('company')}
          {...register('company')}
        />
        <OptionalPhoneField {...fieldIssue('phone')} {...register('phone')} />
      </div>
      <FormError id={errorId} message={error} />
      <SubmitButton block busy={send.isPending} busyLabel="Sending…">
        Request My Consultation
      </SubmitButton>
    </form>
  );
}
