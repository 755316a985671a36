import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { useSession } from '../../../shared/session';
import { createSetupIntent } from '../api';
import {
  clearError,
  errorMessage,
  initialBillingDetails,
  isPassedUp,
  newAttempt,
  outcomeUnknown,
  REQUIRED_FIELDS,
  toStripeBillingDetails,
  validateBillingDetails,
  type BillingDetailsValues,
  type BillingErrors,
  type BillingField,
  type CheckoutAttempt,
  type PayOutcome,
  type RequiredField,
} from '../checkout';
import { useInFlight } from '../../../shared/ui/use-in-flight';
import { BILLING_MESSAGES } from '../labels';
import { BillingDetailsFields } from './BillingDetailsFields';
import { CardField } from './CardField';

interface CheckoutFormProps<T> {
  submitLabel: ReactNode;
  /** Pays with the saved card; `key` is the checkout attempt's Idempotency-Key (the same on every retry). */
  pay(paymentMethodId: string, key: string): Promise<PayOutcome<T>>;
  onSuccess(result: T): void;
  /** An error another card cannot fix; without this handler it is shown in the form. */
  onError?(error: unknown): void;
  /** The screen's words when the server gives none ('Failed to process payment. Please try again.'). */
  failureMessage: string;
  /** Fields checked before sending (all the required ones unless a form says otherwise). */
  requiredFields?: readonly RequiredField[];
}

/**
 * The card form of every checkout (spec part 2, section 4): billing details, Stripe's card element,
 * 'Processing...' while it works. The card is first saved with the provider (a setup intent confirmed
 * by Stripe.js), then the server is called with it; a card that asks for 3-D Secure is authenticated with
 * Stripe.js and the server asked again. One Idempotency-Key per attempt: a retry after a dropped
 * connection sends the same key and card, so it is never charged twice; a final answer starts a new one.
 */
export function CheckoutForm<T>({
  submitLabel,
  pay,
  onSuccess,
  onError,
  failureMessage,
  requiredFields = REQUIRED_FIELDS,
}: CheckoutFormProps<T>) {
  const stripe = useStripe();
  const elements = useElements();
  const { user } = useSession();
  const { register, handleSubmit, setFocus } = useForm<BillingDetailsValues>({
    defaultValues: initialBillingDetails(user),
  });
  const [errors, setErrors] = useState<BillingErrors>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<CheckoutAttempt>(newAttempt());
  // `busy` disables the button only once rendered: a second submit before that (a double click) would
  // save another card and pay again with the attempt's key; it is dropped here instead.
  const flight = useInFlight();

  function fail(error: unknown) {
    if (!outcomeUnknown(error)) attempt.current = newAttempt();
    if (onError && isPassedUp(error)) onError(error);
    else setFormError(errorMessage(error, failureMessage));
  }

  async function savedCard(values: BillingDetailsValues): Promise<string | null> {
    if (attempt.current.paymentMethodId) return attempt.current.paymentMethodId;
    let clientSecret: string;
    try {
      clientSecret = (await createSetupIntent()).client_secret;
    } catch (error) {
      if (onError && isPassedUp(error)) onError(error);
      else setFormError(errorMessage(error, BILLING_MESSAGES.setupIntent));
      return null;
    }
    const card = elements!.getElement(CardElement);
    if (!card) return null;
    const { setupIntent, error } = await stripe!.confirmCardSetup(clientSecret, {
      payment_method: { card, billing_details: toStripeBillingDetails(values) },
    });
    if (error || !setupIntent?.payment_method) {
      setCardError(error?.message ?? BILLING_MESSAGES.setupIntent);
      return null;
    }
    const id =
      typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : setupIntent.payment_method.id;
    attempt.current = { ...attempt.current, paymentMethodId: id };
    return id;
  }

  async function run(values: BillingDetailsValues) {
    const problems = validateBillingDetails(values, requiredFields);
    setErrors(problems);
    const first = (Object.keys(problems) as BillingField[])[0];
    if (first) {
      setFocus(first);
      return;
    }
    if (!stripe || !elements) return;
    setBusy(true);
    setFormError(null);
    setCardError(null);
    try {
      const paymentMethodId = await savedCard(values);
      if (!paymentMethodId) return;
      const { key } = attempt.current;
      let outcome = await pay(paymentMethodId, key);
      if (outcome.status === 'requires_action') {
        const { error } = await stripe.handleNextAction({ clientSecret: outcome.clientSecret });
        if (error) {
          setCardError(error.message ?? failureMessage);
          attempt.current = newAttempt();
          return;
        }
        outcome = await pay(paymentMethodId, key);
      }
      if (outcome.status !== 'done') {
        setFormError(failureMessage);
        return;
      }
      onSuccess(outcome.result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void flight.run(() => handleSubmit(run)(event));
      }}
      noValidate
      aria-label="Payment"
    >
      <BillingDetailsFields
        register={register}
        errors={errors}
        onEdit={(field) => setErrors((current) => clearError(current, field))}
        lockedEmail={user?.email || null}
        required={REQUIRED_FIELDS}
        disabled={busy}
      />
      <CardField error={cardError} disabled={busy} onChange={(event) => setCardError(event.error?.message ?? null)} />
      <FormError id="checkout-error" message={formError} />
      <SubmitButton busy={busy} busyLabel={BILLING_MESSAGES.processing} disabled={!stripe || !elements} block>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
