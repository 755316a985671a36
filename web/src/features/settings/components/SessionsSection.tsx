import { useRef } from 'react';
import { ROUTES } from '../../../shared/routes';
import { useSignOut } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import tableStyles from '../../../shared/ui/table.module.css';
import { useEndSession, useSessions, useSignOutEverywhere } from '../hooks/use-settings';
import styles from '../pages/SettingsPage.module.css';
import { describeUserAgent, SETTINGS_MESSAGES, settingsErrorMessage } from '../settings';
import { BusyButton } from '../../../shared/ui/BusyButton';

/**
 * /settings, Sessions: the sign-ins whose tokens still work, each other one with its own Sign out (this
 * one signs out from the account menu), and "Sign out everywhere" (this one too).
 */
export function SessionsSection() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const signOutEverywhere = useSignOutEverywhere();
  // A signed-out row goes with the button that was focused: the focus goes on to "Sign out everywhere".
  const everywhereButton = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();

  const everywhere = () =>
    signOutEverywhere.mutate(undefined, { onSuccess: () => signOut(ROUTES.signIn, { endedOnServer: true }) });

  return (
    <>
      {sessions.isError ? (
        <QueryLoadError query={sessions} message={SETTINGS_MESSAGES.sessionsFailed} />
      ) : sessions.data ? (
        <div className={tableStyles.scroll} role="region" aria-label="Sessions" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Address</th>
                <th scope="col">Browser</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.items.map((session) => (
                <tr key={session.id}>
                  <td>
                    {new Date(session.created_at).toLocaleString()}
                    {session.current && ' (this device)'}
                  </td>
                  <td>{session.client_ip ?? 'Unknown'}</td>
                  <td>{describeUserAgent(session.user_agent)}</td>
                  <td>
                    {!session.current && (
                      <BusyButton
                        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                        busy={endSession.isPending}
                        onClick={() =>
                          endSession.mutate(session.id, { onSuccess: () => everywhereButton.current?.focus() })
                        }
                      >
                        Sign out
                        <span className="visually-hidden">
                          {' '}
                          the session of {new Date(session.created_at).toLocaleString()}
                        </span>
                      </BusyButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.note}>Loading…</p>
      )}
      {endSession.isError && <Alert tone="error">{settingsErrorMessage(endSession.error)}</Alert>}
      {signOutEverywhere.isError && <Alert tone="error">{settingsErrorMessage(signOutEverywhere.error)}</Alert>}
      <div className={styles.actions}>
        <BusyButton
          ref={everywhereButton}
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          busy={signOutEverywhere.isPending}
          onClick={everywhere}
        >
          Sign out everywhere
        </BusyButton>
      </div>
    </>
  );
}
