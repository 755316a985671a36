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

/** What QueryLoadError reads of a query (react-query's result). */
export interface LoadableQuery {
  isError: boolean;
  refetch(): unknown;
}

/**
 * A query's failed load, also while its last answer is still on screen (a refresh, or the reload after a
 * change, that failed): what is shown may be out of date, and the user must hear that asking failed.
 */
export function QueryLoadError({ query, message }: { query: LoadableQuery; message: string }) {
  return query.isError ? <LoadError message={message} onRetry={() => void query.refetch()} /> : null;
}
