import { Link } from 'react-router-dom';
import { MenuIcon } from '../../features/services/components/MenuIcon';
import { useMenu } from '../../features/services/hooks/use-public-catalog';
import styles from './Header.module.css';

// Spec part 1, section 8.
export const MENU_MESSAGES = { empty: 'No menu items found', error: 'Error loading menu' } as const;

/** The <li> items of the Services menu, from the menu call, with its loading, empty and error states. */
export function ServicesMenuItems({ onNavigate, compact = false }: { onNavigate(): void; compact?: boolean }) {
  const menu = useMenu();
  if (menu.isPending) {
    return (
      <li className={styles.menuNote} role="status">
        Loading menu…
      </li>
    );
  }
  if (menu.isError) {
    return (
      <li className={styles.menuNote} role="alert">
        {MENU_MESSAGES.error}
      </li>
    );
  }
  if (menu.data.length === 0) return <li className={styles.menuNote}>{MENU_MESSAGES.empty}</li>;
  return menu.data.map((item) => (
    <li key={item.id}>
      <Link to={item.path} className={styles.serviceItem} onClick={onNavigate}>
        <MenuIcon markup={item.icon} />
        <span className={styles.serviceText}>
          <span className={styles.serviceTitle}>{item.title}</span>
          {!compact && item.description && <span className={styles.serviceDescription}>{item.description}</span>}
        </span>
      </Link>
    </li>
  ));
}
