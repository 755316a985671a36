import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/routes';
import { userInitials, useSession, type User } from '../../shared/session';
import { displayName, profileMenuLinks } from './profile-menu-items';
import styles from './ProfileMenu.module.css';

/**
 * The signed-in user's menu in the header: a button showing the initials that opens a panel of links
 * (a disclosure, so links stay links). Escape, an outside click, a click on an item and tabbing away
 * close it; the arrow keys, Home and End move between the items.
 */
export function ProfileMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFirstOnOpen = useRef(false);
  const panelId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    focusItem(list.current, 0);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!open) {
      if (event.key === 'ArrowDown' && event.target === button.current) {
        event.preventDefault();
        focusFirstOnOpen.current = true;
        setOpen(true);
      }
      return;
    }
    const current = menuItems(list.current).indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(list.current, moves[event.key]);
    }
  }

  // Focus leaving for another element of the page (Tab past the last item) closes the menu.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget)) setOpen(false);
  }

  async function signOutAndLeave() {
    setOpen(false);
    // Leave first: signing out on a guarded page would send the guard to the sign-in page instead.
    await navigate(ROUTES.home);
    signOut();
    queryClient.clear();
  }

  return (
    <div ref={root} className={styles.menu} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={styles.avatar}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span aria-hidden="true">{userInitials(user)}</span>
      </button>
      <nav id={panelId} className={styles.panel} aria-label="Account" hidden={!open}>
        <p className={styles.identity}>
          <span className={styles.name}>{name}</span>
          {name !== user.email && <span className={styles.email}>{user.email}</span>}
        </p>
        <ul ref={list} className={styles.list}>
          {profileMenuLinks(user).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.item} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className={styles.separated}>
            <button type="button" className={styles.item} onClick={() => void signOutAndLeave()}>
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function menuItems(list: HTMLElement | null): HTMLElement[] {
  return Array.from(list?.querySelectorAll<HTMLElement>('a, button') ?? []);
}

/** Focuses the item at `index`, wrapping around at both ends (-1 is the last). */
function focusItem(list: HTMLElement | null, index: number): void {
  const items = menuItems(list);
  items[(index + items.length) % items.length]?.focus();
}
