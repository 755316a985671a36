import { QueryLoadError } from '../../../shared/ui/LoadError';
import tableStyles from '../../../shared/ui/table.module.css';
import { useSecurityEvents } from '../hooks/use-settings';
import styles from '../pages/SettingsPage.module.css';
import { actionLabel } from '../../../shared/audit-actions';
import { SETTINGS_MESSAGES } from '../settings';

/** /settings, Recent security events: the account's own sign-ins and password and two-factor changes. */
export function SecurityEventsSection() {
  const events = useSecurityEvents();
  if (events.isError) {
    return <QueryLoadError query={events} message={SETTINGS_MESSAGES.eventsFailed} />;
  }
  if (!events.data) return <p className={styles.note}>Loading…</p>;
  if (!events.data.items.length) return <p className={styles.note}>{SETTINGS_MESSAGES.noEvents}</p>;
  return (
    <div className={tableStyles.scroll} role="region" aria-label="Recent security events" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {events.data.items.map((event) => (
            <tr key={event.id}>
              <td>{new Date(event.at).toLocaleString()}</td>
              <td>{actionLabel(event.action)}</td>
              <td>{event.client_ip ?? 'Unknown'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
