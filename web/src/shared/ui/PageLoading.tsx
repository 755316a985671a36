import styles from './PageLoading.module.css';

/** Shown in the page area while a page's code is loading. */
export function PageLoading() {
  return (
    <p role="status" className={styles.loading}>
      Loading…
    </p>
  );
}
