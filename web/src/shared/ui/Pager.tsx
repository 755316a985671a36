import { BusyButton } from './BusyButton';
import buttonStyles from './button.module.css';
import styles from './Pager.module.css';

/** How many pages `total` items fill, `pageSize` to a page; an empty list is one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** A page is loading: the buttons wait for it. */
  busy: boolean;
  /** Names the navigation landmark ("Invite code pages"). */
  label: string;
  onPage(page: number): void;
  /** The buttons' words: Previous and Next unless the list says otherwise (Newer, Older). */
  previousLabel?: string;
  nextLabel?: string;
}

/**
 * Previous / Next through a paged list; shown only when there is more than one page.
 *
 * A button that cannot act now (a page is loading, or there is none further that way) is aria-disabled
 * and ignores presses, but is never disabled: the focus is on it when it is pressed, and a disabled
 * button drops the focus to the page body (BusyButton, `unavailable`).
 */
export function Pager({
  page,
  pageSize,
  total,
  busy,
  label,
  onPage,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const button = `${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`;
  return (
    <nav className={styles.pager} aria-label={label}>
      <BusyButton className={button} busy={busy} unavailable={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </BusyButton>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <BusyButton className={button} busy={busy} unavailable={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </BusyButton>
    </nav>
  );
}
