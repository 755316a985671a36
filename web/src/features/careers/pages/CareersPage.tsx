import { CAREER_POSITIONS } from '@portal/contracts';
import { useRef, useState } from 'react';
import { siteConfig } from '../../../shared/config';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ApplicationForm } from '../components/ApplicationForm';
import styles from '../components/Careers.module.css';
import { APPLY_SECTION_ID, PositionList } from '../components/PositionList';

const OPENINGS = CAREER_POSITIONS.reduce((sum, position) => sum + position.openings, 0);

/** /careers (spec part 2): the open positions and the application form. */
export function CareersPage() {
  useDocumentTitle('Careers');
  const formSection = useRef<HTMLElement>(null);
  const [chosen, setChosen] = useState<{ position: string; at: number } | null>(null);

  function apply(position: string) {
    setChosen({ position, at: Date.now() });
    formSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <>
      <section className={page.hero} aria-labelledby="careers-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Careers</p>
          <h1 id="careers-title" className={page.title}>
            Help founders keep their books, taxes and filings in order
          </h1>
          <p className={page.lead}>
            We are a remote-first team of CPAs, accountants, enrolled agents and client specialists in the United States
            and India. {OPENINGS} positions are open today.
          </p>
        </div>
      </section>
      <section className={`${container.container} ${page.section}`} aria-labelledby="positions-title">
        <h2 id="positions-title" className={page.sectionTitle}>
          Open positions
        </h2>
        <PositionList onApply={apply} />
      </section>
      <section
        ref={formSection}
        id={APPLY_SECTION_ID}
        className={`${container.container} ${styles.applySection}`}
        aria-labelledby="apply-title"
      >
        <div>
          <h2 id="apply-title" className={page.sectionTitle}>
            Apply
          </h2>
          <ApplicationForm chosen={chosen} />
        </div>
        <aside className={styles.aside} aria-label="How we hire">
          <h3>How we hire</h3>
          <p>We read every application and answer within two weeks, whatever the outcome.</p>
          <h3>Interviews</h3>
          <p>A call with the hiring lead, a practical exercise, then a conversation with the team.</p>
          <h3>Questions</h3>
          <p>
            <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
          </p>
        </aside>
      </section>
    </>
  );
}
