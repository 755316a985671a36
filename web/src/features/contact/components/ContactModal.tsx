import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { TextField } from '../../../shared/ui/TextField';
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
import styles from './ContactModal.module.css';

interface ContactModalProps extends ContactModalRequest {
  onClose(): void;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled)';

function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/**
 * The shared 'Send Us a Message' / 'Book a Call' modal (spec part 1, sections 2-5). A modal <dialog>:
 * the rest of the page is inert while it is open, Tab cycles within it, Escape and the close button
 * close it. A sent message closes it after 3 s.
 */
export function ContactModal({ mode, topic, onClose }: ContactModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const preferredHintId = useId();
  const title = CONTACT_MODAL_TITLES[mode];
  const withPreferredTime = mode === 'call';
  // Fixed when the modal opens: the picker's lower bound. The check on submit uses the time of the submit.
  const [earliest] = useState(() => earliestPreferredTime(new Date()));
  const [issue, setIssue] = useState<ReturnType<typeof validateContactModal>>(null);
  const send = useMutation({ mutationFn: sendMessage });
  const { register, handleSubmit, setFocus } = useForm<ContactModalValues>({
    defaultValues: { name: '', email: '', phone: '', message: defaultMessage(topic), preferredTime: '' },
  });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    setFocus('name');
    return () => element?.close();
  }, [setFocus]);

  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = window.setTimeout(onClose, MODAL_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [send.isSuccess, onClose]);

  const submit = handleSubmit((values) => {
    const problem = validateContactModal(values, new Date());
    setIssue(problem);
    send.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    send.mutate(modalPayload(withPreferredTime ? values : { ...values, preferredTime: '' }, localTimeZone()));
  });

  // Escape: the dialog's own cancel event; closing goes through onClose so the page state follows.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  // A click on the backdrop (the dialog element itself, outside its content box) closes it.
  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === dialog.current) onClose();
  }

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  const error = issue?.message ?? (send.isError ? sendErrorMessage(send.error, CONTACT_MESSAGES.modalFailed) : null);
  const describedBy = (field: keyof ContactModalValues) =>
    [field === 'preferredTime' ? preferredHintId : '', error && (issue?.field === field || !issue) ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdropClick}
      onKeyDown={trapTab}
    >
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {send.isSuccess ? (
          <Alert tone="success">{CONTACT_MESSAGES.sent}</Alert>
        ) : (
          <form className={formStyles.form} onSubmit={submit} noValidate>
            <TextField
              label="Name"
              autoComplete="name"
              required
              invalid={issue?.field === 'name'}
              describedBy={describedBy('name')}
              {...register('name')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              invalid={issue?.field === 'email'}
              describedBy={describedBy('email')}
              {...register('email')}
            />
            <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...register('phone')} />
            {withPreferredTime && (
              <TextField
                label="Preferred date and time (optional)"
                type="datetime-local"
                min={earliest}
                step={PREFERRED_TIME_STEP_MINUTES * 60}
                hint={<span id={preferredHintId}>On the hour or the half hour, in your time zone.</span>}
                invalid={issue?.field === 'preferredTime'}
                describedBy={error && issue?.field === 'preferredTime' ? errorId : undefined}
                {...register('preferredTime')}
              />
            )}
            <div className={formStyles.field}>
              <label htmlFor={`${titleId}-message`} className={formStyles.label}>
                Message
              </label>
              <textarea
                id={`${titleId}-message`}
                className={`${formStyles.input} ${styles.message}`}
                rows={4}
                required
                aria-invalid={issue?.field === 'message' || undefined}
                aria-describedby={describedBy('message')}
                {...register('message')}
              />
            </div>
            {error && (
              <Alert tone="error" id={errorId}>
                {error}
              </Alert>
            )}
            <button
              type="submit"
              className={`${buttonStyles.button} ${buttonStyles.primary} ${formStyles.submit} ${formStyles.button}`}
              disabled={send.isPending}
            >
              {send.isPending ? 'Sending…' : 'Send Message'}
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
