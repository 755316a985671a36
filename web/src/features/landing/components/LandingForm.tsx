import { useState } from 'react';
import { useForm } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import {
  buildLandingLead,
  SIMULATED_SUBMIT_MS,
  validateLandingForm,
  type LandingFormValues,
  type LandingLead,
  type Tracking,
} from '../landing-lead';

interface LandingFormProps {
  tracking: Tracking;
  onSubmitted(lead: LandingLead): void;
}

/**
 * The landing page's contact form (spec part 1, sections 3-5). It makes no call: the lead, with the
 * campaign's tracking parameters, is handed to the page after a simulated submit of about 1 s.
 */
export function LandingForm({ tracking, onSubmitted }: LandingFormProps) {
  const { issue, setIssue, errorId, fieldIssue } = useFormIssue<keyof LandingFormValues>(null);
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, setFocus } = useForm<LandingFormValues>({
    defaultValues: { name: '', email: '', company: '', phone: '' },
  });

  const submit = handleSubmit(async (values) => {
    if (sending) return;
    const problem = validateLandingForm(values);
    setIssue(problem);
    if (problem) {
      setFocus(problem.field);
      return;
    }
    setSending(true);
    await new Promise((resolve) => window.setTimeout(resolve, SIMULATED_SUBMIT_MS));
    onSubmitted(buildLandingLead(values, tracking, new Date()));
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Consultation request"
    >
      <TextField label="Full Name" autoComplete="name" required {...fieldIssue('name')} {...register('name')} />
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
          autoComplete="organization"
          required
          {...fieldIssue('company')}
          {...register('company')}
        />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...register('phone')} />
      </div>
      <FormError id={errorId} message={issue?.message} />
      <SubmitButton block busy={sending} busyLabel="Sending…">
        Request My Consultation
      </SubmitButton>
    </form>
  );
}
