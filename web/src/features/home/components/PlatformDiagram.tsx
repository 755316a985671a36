import container from '../../../shared/ui/container.module.css';
import styles from './PlatformDiagram.module.css';

const SOURCES = ['Bank and card feeds', 'Your accounting software', 'Payroll provider', 'Receipts and invoices'];
const OUTCOMES = [
  'Monthly books and AI dashboards',
  'Tax returns and credits',
  'State and federal filings',
  'Payroll and HR',
  'Cap table and 409A',
];

/** How the service works, drawn with HTML and CSS so that every label stays real, readable text. */
export function PlatformDiagram() {
  return (
    <section className={styles.section} aria-labelledby="platform-title">
      <div className={container.container}>
        <h2 id="platform-title" className={styles.title}>
          One platform between your data and your filings
        </h2>
        <figure className={styles.diagram}>
          <div className={styles.column}>
            <p className={styles.columnTitle}>Your data flows in</p>
            <ul className={styles.nodes}>
              {SOURCES.map((source) => (
                <li key={source} className={styles.node}>
                  {source}
                </li>
              ))}
            </ul>
          </div>
          <Arrow />
          <div className={styles.hub}>
            <svg viewBox="0 0 32 32" className={styles.hubMark} aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="7" fill="currentColor" />
              <path d="M9 22V10h3v4.6h8V10h3v12h-3v-4.6h-8V22z" fill="var(--teal-300)" />
            </svg>
            <p className={styles.hubTitle}>Our platform</p>
            <p className={styles.hubText}>AI and automation, checked by your dedicated team</p>
          </div>
          <Arrow />
          <div className={styles.column}>
            <p className={styles.columnTitle}>You get</p>
            <ul className={styles.nodes}>
              {OUTCOMES.map((outcome) => (
                <li key={outcome} className={`${styles.node} ${styles.outcome}`}>
                  {outcome}
                </li>
              ))}
            </ul>
          </div>
          <figcaption className="visually-hidden">
            Bank and card feeds, your accounting software, your payroll provider and your receipts flow into our
            platform, where automation and your team turn them into books, tax returns, filings, payroll and cap table
            records.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

function Arrow() {
  return (
    <svg className={styles.arrow} viewBox="0 0 48 24" aria-hidden="true" focusable="false">
      <path d="M2 12h40" stroke="currentColor" strokeWidth="2.5" strokeDasharray="4 4" />
      <path d="M36 5l8 7-8 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
