import buttonStyles from '../../../shared/ui/button.module.css';
import { pageCount } from '../invite-codes';
import styles from './Admin.module.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** A page is loading: the buttons wait for it. */
  busy: boolean;
  /** Names the navigation landmark ("Invite code pages"). */
  label: string;
  onPage(page: number): void;
}

/** Previous / Next through a paged admin list; shown only when there is more than one page. */
export function Pager({ page, pageSize, total, busy, label, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const button = `${buttonStyles.button} ${buttonStyles.secondary} ${styles.small}`;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={button} disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className={button} disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
