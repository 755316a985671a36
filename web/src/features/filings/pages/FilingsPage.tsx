import { useToday } from '../../../shared/ui/use-today';
import { Link } from 'react-router-dom';
import container from '../../../shared/ui/container.module.css';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { formatDeadline, isDeadlinePassed } from '../deadline';
import { formatFee } from '../fee';
import { useForms } from '../hooks/use-forms';
import { filingPath } from '../slug';
import styles from './FilingsPage.module.css';

export const FILINGS_MESSAGES = {
  failed: 'Failed to load forms',
  empty: 'No filing forms available at this time.',
} as const;

/** /filings: every filing form in a grid (spec part 2, section 2). */
export function FilingsPage() {
  useDocumentTitle('Filings');
  const forms = useForms();
  // The day the visitor opened the page: the same for every card.
  const today = useToday();

  return (
    <>
      <section className={page.hero} aria-labelledby="filings-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Filings library</p>
          <h1 id="filings-title" className={page.title}>
            State and federal filings, done for you
          </h1>
          <p className={page.lead}>
            From annual reports to FBAR and BOI reports: what each filing is, how often it is due, what it costs and
            when the next deadline falls.
          </p>
        </div>
      </section>
      <section className={`${container.container} ${page.section}`} aria-label="Filing forms">
        {forms.isPending ? (
          <p role="status" className={page.status}>
            Loading…
          </p>
        ) : forms.isError ? (
          <QueryLoadError query={forms} message={FILINGS_MESSAGES.failed} />
        ) : forms.data.length === 0 ? (
          <p className={page.status}>{FILINGS_MESSAGES.empty}</p>
        ) : (
          <ul className={page.grid}>
            {forms.data.map((form) => {
              const passed = isDeadlinePassed(form.deadline_date, today);
              return (
                <li key={form.id} className={`${page.card} ${styles.card}`}>
                  <h2 className={styles.name}>
                    <Link to={filingPath(form.form_name)} className={styles.link}>
                      {form.form_name}
                    </Link>
                  </h2>
                  <p className={page.muted}>{form.short_description}</p>
                  <dl className={styles.facts}>
                    <div>
                      <dt>Frequency</dt>
                      <dd>{form.filing_frequency}</dd>
                    </div>
                    <div>
                      <dt>Estimated fee</dt>
                      <dd>{formatFee(form.estimated_fee)}</dd>
                    </div>
                    {form.deadline_date && (
                      <div>
                        <dt>Deadline</dt>
                        <dd>
                          {formatDeadline(form.deadline_date)}
                          {passed && <span className={styles.passed}>Passed</span>}
                        </dd>
                      </div>
                    )}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
