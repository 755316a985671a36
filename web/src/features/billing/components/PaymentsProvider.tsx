import { PAYMENTS_NOT_CONFIGURED } from '@portal/contracts';
import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { usePaymentsConfig } from '../hooks/use-billing';
import { BILLING_MESSAGES } from '../labels';
import { stripeFor } from '../stripe/load-stripe';
import styles from './Billing.module.css';

/**
 * Stripe for the card form under it: the server's publishable key and Stripe.js (read at run time),
 * Stripe Elements around the form, and the test-mode notice with test keys. Without keys the page says
 * payments are not configured; a script that cannot load says the form could not start.
 */
export function PaymentsProvider({ children }: { children: ReactNode }) {
  const config = usePaymentsConfig();
  const stripe = config.data ? stripeFor(config.data) : null;
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let current = true;
    stripe?.catch(() => {
      if (current) setLoadFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (config.isPending) return <p role="status">Loading the payment form…</p>;
  // Only when nothing was loaded: a failed refresh keeps the card form and what was typed in it.
  if (config.isLoadingError || loadFailed) return <Alert tone="error">{BILLING_MESSAGES.setupIntent}</Alert>;
  if (!config.data.configured || !stripe) {
    return (
      <Alert tone="info">
        <p>
          <strong>{PAYMENTS_NOT_CONFIGURED}</strong> Card payments are not available at the moment. Please contact us to
          complete your purchase.
        </p>
      </Alert>
    );
  }
  return (
    <>
      {config.data.test_mode && <TestModeNotice />}
      <Elements stripe={stripe}>{children}</Elements>
    </>
  );
}

/** Shown wherever a card is entered while the keys are test keys: nothing is charged. */
export function TestModeNotice() {
  return (
    <Alert tone="info" className={styles.testMode}>
      <p>{BILLING_MESSAGES.testMode}. Use the test card 4242 4242 4242 4242 with any future expiry date and any CVC.</p>
    </Alert>
  );
}
