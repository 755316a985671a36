import { APPLICATION_POSITIONS, RESUME_ACCEPT, MESSAGE_LIMITS, PHONE_MAX_LENGTH } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTimeout } from 'usehooks-ts';
import { Alert } from '../../../shared/ui/Alert';
import { Field } from '../../../shared/ui/Field';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SelectField } from '../../../shared/ui/SelectField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { sendApplication } from '../api';
import {
  APPLICATION_MESSAGES,
  applicationErrorMessage,
  applicationFormData,
  checkResumeFile,
  EMPTY_APPLICATION,
  RESUME_HINT,
  STATUS_CLEAR_MS,
  validateApplication,
  type ApplicationField,
  type ApplicationValues,
} from '../application-form';
import styles from './Careers.module.css';

interface ApplicationFormProps {
  /** Chosen from the list above ("Apply"); the form takes it and asks for the name next. */
  chosen: { position: string; at: number } | null;
}

/**
 * The application form: sending, then success (the form clears) or the error; the status clears after
 * 5 s. A resume of another type is refused as soon as it is chosen.
 */
export function ApplicationForm({ chosen }: ApplicationFormProps) {
  const [resume, setResume] = useState<File | null>(null);
  // A new key gives a new, empty file input: the only way to clear one.
  const [fileKey, setFileKey] = useState(0);
  const resumeId = useId();
  const send = useMutation({ mutationFn: sendApplication });
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<ApplicationField>(
    send.isError ? applicationErrorMessage(send.error) : null,
  );
  const { register, handleSubmit, setFocus, setValue, reset } = useForm<ApplicationValues>({
    defaultValues: EMPTY_APPLICATION,
  });
  useTimeout(send.reset, send.isSuccess || send.isError ? STATUS_CLEAR_MS : null);

  useEffect(() => {
    if (!chosen) return;
    setValue('position', chosen.position);
    setFocus('name');
  }, [chosen, setValue, setFocus]);

  function clearFile() {
    setResume(null);
    setFileKey((key) => key + 1);
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    send.reset();
    if (!file) {
      setResume(null);
      return;
    }
    const problem = checkResumeFile(file);
    if (problem) {
      clearFile();
      setIssue({ message: problem, field: 'resume' });
      return;
    }
    setResume(file);
    setIssue((current) => (current?.field === 'resume' ? null : current));
  }

  const submit = handleSubmit((values) => {
    const problem = validateApplication(values, resume);
    setIssue(problem);
    send.reset();
    if (problem) {
      if (problem.field === 'resume') document.getElementById(resumeId)?.focus();
      else setFocus(problem.field);
      return;
    }
    send.mutate(applicationFormData(values, resume!), {
      onSuccess: () => {
        reset(EMPTY_APPLICATION);
        clearFile();
      },
    });
  });

  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={submit} noValidate aria-label="Job application">
      <div className={formStyles.row}>
        <TextField
          label="Name"
          maxLength={MESSAGE_LIMITS.name}
          autoComplete="name"
          required
          {...fieldIssue('name')}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...fieldIssue('email')}
          {...register('email')}
        />
      </div>
      <div className={formStyles.row}>
        <TextField
          label="Phone"
          type="tel"
          maxLength={PHONE_MAX_LENGTH}
          autoComplete="tel"
          required
          {...fieldIssue('phone')}
          {...register('phone')}
        />
        <TextField
          label="LinkedIn (optional)"
          type="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          {...fieldIssue('linkedin')}
          {...register('linkedin')}
        />
      </div>
      <SelectField label="Position" required {...fieldIssue('position')} {...register('position')}>
        <option value="">Choose a position</option>
        {APPLICATION_POSITIONS.map((position) => (
          <option key={position} value={position}>
            {position}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Message"
        maxLength={MESSAGE_LIMITS.message}
        rows={5}
        required
        hint="Tell us about your experience and why you would like to join."
        {...fieldIssue('message')}
        {...register('message')}
      />
      <Field key={fileKey} id={resumeId} label="Resume" hint={RESUME_HINT} {...fieldIssue('resume')}>
        {(control) => (
          <input
            {...control}
            className={`${control.className} ${styles.file}`}
            type="file"
            name="resume"
            accept={RESUME_ACCEPT}
            required
            onChange={chooseFile}
          />
        )}
      </Field>
      <FormError id={errorId} message={error} />
      {send.isSuccess && <Alert tone="success">{APPLICATION_MESSAGES.sent}</Alert>}
      <div className={formStyles.actions}>
        <SubmitButton busy={send.isPending} busyLabel="Submitting...">
          Submit Application
        </SubmitButton>
      </div>
    </form>
  );
}
