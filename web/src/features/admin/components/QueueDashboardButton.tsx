import { useState } from 'react';
import { serverDetail } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { openQueueDashboardSession, QUEUE_DASHBOARD_URL } from '../api';
import styles from './Admin.module.css';
import { BusyButton } from '../../../shared/ui/BusyButton';

type State = { kind: 'idle' | 'opening' | 'opened' } | { kind: 'failed'; message: string };

/**
 * Opens the queue dashboard (Bull Board: counts, failed jobs, retry and clean) in a new tab, once the
 * server has given this browser a session of it (a cookie for /queues, valid 15 minutes).
 */
export function QueueDashboardButton() {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function open() {
    setState({ kind: 'opening' });
    try {
      await openQueueDashboardSession();
      window.open(QUEUE_DASHBOARD_URL, '_blank', 'noopener');
      setState({ kind: 'opened' });
    } catch (error) {
      setState({
        kind: 'failed',
        message: serverDetail(error) ?? 'The queue dashboard could not be opened. Please try again.',
      });
    }
  }

  return (
    <div className={styles.headerActions}>
      <BusyButton
        className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`}
        busy={state.kind === 'opening'}
        onClick={() => void open()}
      >
        Queues
      </BusyButton>
      {state.kind === 'opened' && (
        // Also the way in when a popup blocker kept the tab from opening.
        <p role="status" className={styles.muted}>
          The queue dashboard opened in a new tab.{' '}
          <a href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener">
            Open it again
          </a>
        </p>
      )}
      {state.kind === 'failed' && <Alert tone="error">{state.message}</Alert>}
    </div>
  );
}
