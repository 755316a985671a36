import { BusyButton } from './BusyButton';
import buttonStyles from './button.module.css';
import styles from './LoadError.module.css';

interface LoadErrorProps {
  message: string;
  onRetry(): void;
  /** Asking again is under way: Retry says so and ignores presses until it is over. */
  retrying?: boolean;
}

/** A failed load: the message and a Retry button that asks again. */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div className={styles.loadError} role="alert">
      <p className={styles.message}>{message}</p>
      <BusyButton
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        busy={retrying}
        busyLabel="Retrying…"
        onClick={onRetry}
      >
        Retry
      </BusyButton>
    </div>
  );
}

/** What QueryLoadError reads of a query (react-query's result). */
export interface LoadableQuery {
  isError: boolean;
  /** Asking now (a Retry, or react-query's own retries of it). */
  isFetching: boolean;
  refetch(): unknown;
}

/**
 * A query's failed load, also while its last answer is still on screen (a refresh, or the reload after a
 * change, that failed): what is shown may be out of date, and the user must hear that asking failed.
 */
export function QueryLoadError({ query, message }: { query: LoadableQuery; message: string }) {
  return query.isError ? (
    <LoadError message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  ) : null;
}
