import { useToday } from '../../../shared/ui/use-today';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { LoadError } from '../../../shared/ui/LoadError';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useContactModal } from '../../contact/components/contact-modal-context';
import type { FilingForm } from '../api';
import { formatDeadline, isDeadlinePassed } from '../deadline';
import { formatFee } from '../fee';
import { useFormBySlug } from '../hooks/use-forms';
import { filingPurchasePath } from '../slug';
import styles from './FilingDetailPage.module.css';

export const FILING_MESSAGES = {
  notFound: 'Form not found',
  failed: 'Failed to load form data',
} as const;

/** /forms/{slug} and /filings/{slug} (spec part 2, section 2). */
export function FilingDetailPage() {
  const { formName = '' } = useParams();
  const result = useFormBySlug(formName);
  const title =
    result.status === 'success'
      ? (result.form?.form_name ?? FILING_MESSAGES.notFound)
      : result.status === 'error'
        ? 'Filing'
        : undefined;
  useDocumentTitle(title);

  if (result.status === 'pending') {
    return (
      <p role="status" className={`${container.container} ${page.status}`}>
        Loading…
      </p>
    );
  }
  if (result.status === 'error') {
    return (
      <section className={`${container.container} ${styles.message}`} aria-labelledby="filing-title">
        <h1 id="filing-title">Filing</h1>
        <LoadError
          message={FILING_MESSAGES.failed}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      </section>
    );
  }
  if (!result.form) {
    return (
      <section className={`${container.container} ${styles.message}`} aria-labelledby="filing-title">
        <h1 id="filing-title">{FILING_MESSAGES.notFound}</h1>
        <p className={page.muted}>We could not find a filing at this address. It may have been renamed or removed.</p>
        <ButtonLink to={ROUTES.filings}>View All Filings</ButtonLink>
      </section>
    );
  }
  return <FilingDetail form={result.form} />;
}

function FilingDetail({ form }: { form: FilingForm }) {
  const openContactModal = useContactModal();
  const today = useToday();
  const passed = isDeadlinePassed(form.deadline_date, today);
  const deadline = formatDeadline(form.deadline_date);
  const paragraphs = (form.long_description ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  return (
    <article className={styles.detail} aria-labelledby="filing-title">
      <section className={page.hero}>
        <div className={container.container}>
          <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
            <Link to={ROUTES.filings}>Filings</Link>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{form.form_name}</span>
          </nav>
          <h1 id="filing-title" className={page.title}>
            {form.form_name}
          </h1>
          {form.short_description && <p className={page.lead}>{form.short_description}</p>}
        </div>
      </section>
      <div className={`${container.container} ${styles.body}`}>
        <div className={styles.text}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <aside className={styles.summary} aria-label="Filing summary">
          <dl className={styles.facts}>
            <div>
              <dt>Filing frequency</dt>
              <dd>{form.filing_frequency}</dd>
            </div>
            <div>
              <dt>Estimated fee</dt>
              <dd>{formatFee(form.estimated_fee)}</dd>
            </div>
            {deadline && (
              <div>
                <dt>Deadline</dt>
                <dd>{deadline}</dd>
              </div>
            )}
          </dl>
          {passed ? (
            <>
              <Alert tone="error">
                The deadline for this filing ({deadline}) has passed. Send us a message and we will help you file late
                or prepare for the next deadline.
              </Alert>
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.primary}`}
                aria-haspopup="dialog"
                onClick={() => openContactModal({ mode: 'message', topic: form.form_name })}
              >
                Send Message
              </button>
            </>
          ) : (
            <ButtonLink to={filingPurchasePath(form.id)}>Start Filing</ButtonLink>
          )}
          <p className={page.note}>One-time payment.</p>
        </aside>
      </div>
    </article>
  );
}
