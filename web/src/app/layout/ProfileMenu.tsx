import { Link } from 'react-router-dom';
import { userInitials, useSignOut, type User } from '../../shared/session';
import { displayName, profileMenuLinks } from './profile-menu-items';
import styles from './ProfileMenu.module.css';
import { useDropdown } from './use-dropdown';

/**
 * The signed-in user's menu in the header: a button showing the initials that opens a panel of links
 * (keyboard and closing behaviour in useDropdown).
 */
export function ProfileMenu({ user }: { user: User }) {
  const { open, close, panelId, listRef, rootProps, buttonProps } = useDropdown();
  const signOut = useSignOut();
  const name = displayName(user);
  const initials = userInitials(user);

  return (
    <div className={styles.menu} {...rootProps}>
      {/* The name holds the initials the button shows, so that speech input finds it by them (WCAG 2.5.3). */}
      <button className={styles.avatar} aria-label={`Account menu for ${name}, initials ${initials}`} {...buttonProps}>
        <span aria-hidden="true">{initials}</span>
      </button>
      <nav id={panelId} className={styles.panel} aria-label="Account" hidden={!open}>
        <p className={styles.identity}>
          <span className={styles.name}>{name}</span>
          {name !== user.email && <span className={styles.email}>{user.email}</span>}
        </p>
        <ul ref={listRef} className={styles.list}>
          {profileMenuLinks(user).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.item} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className={styles.separated}>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                close();
                signOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
