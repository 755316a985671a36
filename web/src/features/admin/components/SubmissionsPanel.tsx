import { Fragment, useId, useState } from 'react';
import { formatDateTime } from '../format';
import { useSubmissions } from '../hooks/use-invite-codes';
import { INVITE_MESSAGES } from '../invite-codes';
import { answerLines, submissionTitle } from '../submissions';
import styles from './Admin.module.css';
import { PanelLoadError } from './PanelLoadError';
import { Pager } from '../../../shared/ui/Pager';

/** The submitted questionnaires, newest first, each with its answers in the form's order. */
export function SubmissionsPanel() {
  const [page, setPage] = useState(1);
  const submissions = useSubmissions(page);
  const headingId = useId();
  const data = submissions.data;

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>Submitted questionnaires</h2>
      </div>
      <div className={styles.stack}>
        {submissions.isPending && (
          <p role="status" className={styles.muted}>
            Loading submitted questionnaires…
          </p>
        )}
        <PanelLoadError query={submissions} message={INVITE_MESSAGES.submissionsLoadFailed} />
        {data && data.items.length === 0 && <p className={styles.muted}>No questionnaires have been submitted yet.</p>}
        {data && data.items.length > 0 && (
          <ul className={styles.list}>
            {data.items.map((submission) => (
              <li key={submission.id}>
                <article className={styles.submission} aria-labelledby={`submission-${submission.id}`}>
                  <h3 id={`submission-${submission.id}`}>{submissionTitle(submission.kind)}</h3>
                  <p className={styles.muted}>
                    Submitted {formatDateTime(submission.submitted_at)} with invite code{' '}
                    <span className={styles.code}>{submission.invite_code}</span>
                  </p>
                  <dl className={styles.details}>
                    {answerLines(submission).map(({ label, value }) => (
                      <Fragment key={label}>
                        <dt>{label}</dt>
                        <dd>{value}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            busy={submissions.isFetching}
            label="Submitted questionnaire pages"
            onPage={setPage}
          />
        )}
      </div>
    </section>
  );
}
