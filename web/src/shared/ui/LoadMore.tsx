import type { CursorList } from '../api/cursor-list';
import { BusyButton } from './BusyButton';
import buttonStyles from './button.module.css';
import styles from './Pager.module.css';

interface LoadMoreProps {
  list: CursorList<unknown>;
  /** A page is loading: the button waits for it. */
  busy: boolean;
  /** Names the navigation landmark ("Inbox pages"). */
  label: string;
  onMore(): void;
}

/**
 * "Load more" under a list read a page at a time by cursor, with how much of it is shown; there only
 * when the list has more than one page.
 *
 * Once the last page is in, the button stays, aria-disabled: a focused button that went away (or became
 * disabled) would drop the focus to the page body (BusyButton, `unavailable`).
 */
export function LoadMore({ list, busy, label, onMore }: LoadMoreProps) {
  if (!list.more && list.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <span aria-live="polite">
        Showing {list.items.length} of {list.total}
      </span>
      <BusyButton
        className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`}
        busy={busy}
        unavailable={!list.more}
        onClick={onMore}
      >
        Load more
      </BusyButton>
    </nav>
  );
}
