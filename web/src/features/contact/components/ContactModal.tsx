import { MESSAGE_LIMITS } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTimeout } from 'usehooks-ts';
import { QueryScope } from '../../../shared/api/QueryScope';
import { Alert } from '../../../shared/ui/Alert';
import { Dialog } from '../../../shared/ui/Dialog';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { OptionalPhoneField, TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { sendMessage } from '../api';
import {
  CONTACT_MESSAGES,
  defaultMessage,
  earliestPreferredTime,
  MODAL_CLOSE_DELAY_MS,
  modalPayload,
  PREFERRED_TIME_STEP_MINUTES,
  sendErrorMessage,
  validateContactModal,
  type ContactModalValues,
} from '../contact-form';
import { CONTACT_MODAL_TITLES, type ContactModalRequest } from './contact-modal-context';

interface ContactModalProps extends ContactModalRequest {
  onClose(): void;
}

function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/**
 * The shared 'Send Us a Message' / 'Book a Call' modal (spec part 1, sections 2-5), in the app's Dialog;
 * a click on the backdrop closes it too. A sent message closes it after 3 s.
 */
export function ContactModal(props: ContactModalProps) {
  // Rendered by the frame, outside the routes' QueryScope.
  return (
    <QueryScope>
      <ContactModalContent {...props} />
    </QueryScope>
  );
}

function ContactModalContent({ mode, topic, onClose }: ContactModalProps) {
  const withPreferredTime = mode === 'call';
  // Fixed when the modal opens: the picker's lower bound. The check on submit uses the time of the submit.
  const [earliest] = useState(() => earliestPreferredTime(new Date()));
  const send = useMutation({ mutationFn: sendMessage });
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<keyof ContactModalValues>(
    send.isError ? sendErrorMessage(send.error, CONTACT_MESSAGES.modalFailed) : null,
  );
  const { register, handleSubmit, setFocus } = useForm<ContactModalValues>({
    defaultValues: { name: '', email: '', phone: '', message: defaultMessage(topic), preferredTime: '' },
  });

  useTimeout(onClose, send.isSuccess ? MODAL_CLOSE_DELAY_MS : null);

  const submit = handleSubmit((values) => {
    const problem = validateContactModal(values, new Date());
    setIssue(problem);
    send.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    send.mutate(modalPayload(withPreferredTime ? values : { ...values, preferredTime: '' }, localTimeZone(), mode));
  });

  return (
    <Dialog title={CONTACT_MODAL_TITLES[mode]} onClose={onClose} closeOnBackdropClick>
      {send.isSuccess ? (
        <Alert tone="success">{CONTACT_MESSAGES.sent}</Alert>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextField
            label="Name"
            maxLength={MESSAGE_LIMITS.name}
            autoComplete="name"
            required
            {...fieldIssue('name')}
            data-autofocus
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
          <OptionalPhoneField {...fieldIssue('phone')} {...register('phone')} />
          {withPreferredTime && (
            <TextField
              label="Preferred date and time (optional)"
              type="datetime-local"
              min={earliest}
              step={PREFERRED_TIME_STEP_MINUTES * 60}
              hint="On the hour or the half hour, in your time zone."
              {...fieldIssue('preferredTime')}
              {...register('preferredTime')}
            />
          )}
          <TextAreaField
            label="Message"
            maxLength={MESSAGE_LIMITS.message}
            rows={4}
            required
            {...fieldIssue('message')}
            {...register('message')}
          />
          <FormError id={errorId} message={error} />
          <SubmitButton block busy={send.isPending} busyLabel="Sending…">
            Send Message
          </SubmitButton>
        </form>
      )}
    </Dialog>
  );
}
