import buttonStyles from './button.module.css';
import styles from './LoadError.module.css';

/** A failed load: the message and a Retry button that asks again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={styles.loadError} role="alert">
      <p className={styles.message}>{message}</p>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
