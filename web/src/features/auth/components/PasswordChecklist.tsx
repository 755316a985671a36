import { passwordChecklist } from '../validation';
import styles from './PasswordChecklist.module.css';

interface PasswordChecklistProps {
  id?: string;
  password: string;
  confirmPassword: string;
}

/**
 * The live list of password requirements. Not a live region: announcing it on every key stroke would
 * drown the typing; the password field points to it with aria-describedby instead.
 */
export function PasswordChecklist({ id, password, confirmPassword }: PasswordChecklistProps) {
  return (
    <ul id={id} className={styles.checklist} aria-label="Password requirements">
      {passwordChecklist(password, confirmPassword).map((check) => (
        <li key={check.label} className={`${styles.check} ${check.met ? styles.met : ''}`}>
          <CheckIcon met={check.met} />
          {check.label}
          <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

function CheckIcon({ met }: { met: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {met ? (
        <>
          <circle cx="8" cy="8" r="8" fill="currentColor" />
          <path d="M4.5 8.2l2.2 2.2 4.8-4.8" fill="none" stroke="var(--color-bg)" strokeWidth="1.8" />
        </>
      ) : (
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}
