import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useId } from 'react';
import styles from './Billing.module.css';

const CARD_STYLE = {
  base: {
    fontSize: '16px',
    color: '#0b1f3a',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '::placeholder': { color: '#75869a' },
  },
  invalid: { color: '#b42318' },
};

interface CardFieldProps {
  /** The provider's message about the card (its own validation, a declined setup), shown under it. */
  error: string | null;
  onChange(event: StripeCardElementChangeEvent): void;
  disabled?: boolean;
}

/** Stripe's card element, the postal code hidden (the billing details carry it), its message under it. */
export function CardField({ error, onChange, disabled }: CardFieldProps) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className={styles.card} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <span id={labelId} className={styles.cardLabel}>
        Card details
      </span>
      <div className={styles.cardBox}>
        <CardElement options={{ hidePostalCode: true, style: CARD_STYLE, disabled }} onChange={onChange} />
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.cardError}>
          {error}
        </p>
      )}
    </div>
  );
}
