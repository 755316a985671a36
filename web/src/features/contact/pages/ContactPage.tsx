import { MESSAGE_LIMITS } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTimeout } from 'usehooks-ts';
import { siteConfig } from '../../../shared/config';
import { Alert } from '../../../shared/ui/Alert';
import container from '../../../shared/ui/container.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import page from '../../../shared/ui/page.module.css';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { OptionalPhoneField, TextField } from '../../../shared/ui/TextField';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { sendMessage } from '../api';
import {
  CONTACT_MESSAGES,
  contactPagePayload,
  sendErrorMessage,
  STATUS_CLEAR_MS,
  validateContactPage,
  type ContactPageValues,
} from '../contact-form';
import styles from './ContactPage.module.css';

const EMPTY: ContactPageValues = { name: '', email: '', phone: '', subject: '', message: '' };

/** /contact (spec part 2): a message form; the status clears after 5 s and the form after a success. */
export function ContactPage() {
  useDocumentTitle('Contact');
  const send = useMutation({ mutationFn: sendMessage });
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<keyof ContactPageValues>(
    send.isError ? sendErrorMessage(send.error, CONTACT_MESSAGES.pageFailed) : null,
  );
  const { register, handleSubmit, setFocus, reset } = useForm<ContactPageValues>({ defaultValues: EMPTY });
  useTimeout(send.reset, send.isSuccess || send.isError ? STATUS_CLEAR_MS : null);

  const submit = handleSubmit((values) => {
    const problem = validateContactPage(values);
    setIssue(problem);
    send.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    send.mutate(contactPagePayload(values), { onSuccess: () => reset(EMPTY) });
  });

  return (
    <>
      <section className={page.hero} aria-labelledby="contact-title">
        <div className={container.container}>
          <h1 id="contact-title" className={page.title}>
            Contact us
          </h1>
          <p className={page.lead}>
            Questions about a service, a filing or your account? Send us a message and a member of our team will get
            back to you, typically within 2-4 hours during working hours.
          </p>
        </div>
      </section>
      <div className={`${container.container} ${styles.layout}`}>
        <form className={`${formStyles.form} ${styles.form}`} onSubmit={submit} noValidate aria-label="Contact form">
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
            <OptionalPhoneField {...fieldIssue('phone')} {...register('phone')} />
            <TextField
              label="Subject"
              maxLength={MESSAGE_LIMITS.subject}
              required
              {...fieldIssue('subject')}
              {...register('subject')}
            />
          </div>
          <TextAreaField
            label="Message"
            maxLength={MESSAGE_LIMITS.message}
            rows={6}
            required
            {...fieldIssue('message')}
            {...register('message')}
          />
          <FormError id={errorId} message={error} />
          {send.isSuccess && <Alert tone="success">{CONTACT_MESSAGES.sent}</Alert>}
          <div className={formStyles.actions}>
            <SubmitButton busy={send.isPending} busyLabel="Sending…">
              Send Message
            </SubmitButton>
          </div>
        </form>
        <aside className={styles.aside} aria-label="Other ways to reach us">
          <h2 className={styles.asideTitle}>Office hours</h2>
          <p>Monday to Friday, 9 AM to 5 PM EST.</p>
          <h2 className={styles.asideTitle}>Email</h2>
          <p>
            <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
          </p>
          <h2 className={styles.asideTitle}>Response time</h2>
          <p>Typically 2-4 hours during working hours, and always within 24 business hours.</p>
        </aside>
      </div>
    </>
  );
}
