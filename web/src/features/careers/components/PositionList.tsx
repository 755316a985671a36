import { CAREER_POSITIONS, GENERAL_APPLICATION, positionLabel } from '@portal/contracts';
import buttonStyles from '../../../shared/ui/button.module.css';
import page from '../../../shared/ui/page.module.css';
import styles from './Careers.module.css';

/** The id of the application form's section, which the Apply links lead to. */
export const APPLY_SECTION_ID = 'apply';

interface PositionListProps {
  /** The visitor chose to apply for this position (a value of APPLICATION_POSITIONS). */
  onApply(position: string): void;
}

/** The openings of section 3, each with a short description, and the general application. */
export function PositionList({ onApply }: PositionListProps) {
  return (
    <ul className={page.grid}>
      {CAREER_POSITIONS.map((position) => {
        const label = positionLabel(position);
        return (
          <li key={label} className={`${page.card} ${styles.position}`}>
            <h3 className={styles.positionTitle}>{position.title}</h3>
            <p className={styles.meta}>
              {position.location}
              {position.openings > 1 && <span className={styles.badge}>{position.openings} openings</span>}
            </p>
            <p className={styles.description}>{position.description}</p>
            <ApplyLink position={label} label={`Apply for ${label}`} onApply={onApply} />
          </li>
        );
      })}
      <li className={`${page.card} ${styles.position}`}>
        <h3 className={styles.positionTitle}>{GENERAL_APPLICATION}</h3>
        <p className={styles.meta}>Any location</p>
        <p className={styles.description}>
          Not seeing your role? Tell us what you do best: we keep every application on file and reach out when a
          matching position opens.
        </p>
        <ApplyLink position={GENERAL_APPLICATION} label={`Apply: ${GENERAL_APPLICATION}`} onApply={onApply} />
      </li>
    </ul>
  );
}

/**
 * A link to the application form: in prerendered HTML, before the page hydrates, it still takes the
 * visitor there; once hydrated it also chooses the position in the form.
 */
function ApplyLink({ position, label, onApply }: { position: string; label: string } & PositionListProps) {
  return (
    <a
      href={`#${APPLY_SECTION_ID}`}
      className={`${buttonStyles.button} ${buttonStyles.secondary}`}
      onClick={(event) => {
        event.preventDefault();
        onApply(position);
      }}
      aria-label={label}
    >
      Apply
    </a>
  );
}
