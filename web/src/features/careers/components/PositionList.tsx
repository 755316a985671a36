import { CAREER_POSITIONS, GENERAL_APPLICATION, positionLabel } from '@portal/contracts';
import buttonStyles from '../../../shared/ui/button.module.css';
import page from '../../../shared/ui/page.module.css';
import styles from './Careers.module.css';

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
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => onApply(label)}
              aria-label={`Apply for ${label}`}
            >
              Apply
            </button>
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
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={() => onApply(GENERAL_APPLICATION)}
          aria-label={`Apply: ${GENERAL_APPLICATION}`}
        >
          Apply
        </button>
      </li>
    </ul>
  );
}
