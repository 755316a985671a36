import styles from './PageLoading.module.css';

/**
 * Shown in the page area while the first page's code is loading. The layout hides the footer meanwhile
 * (Layout.module.css), so that it does not jump down when the page arrives (layout shift).
 */
export function PageLoading() {
  return (
    <p role="status" className={styles.loading} data-page-loading>
      Loading…
    </p>
  );
}
