import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { useSession } from '../../../shared/session';
import { openSessionStorage } from '../../../shared/storage/storage';
import { createSetupIntent } from '../api';
import {
  clearError,
  errorMessage,
  initialBillingDetails,
  isPassedUp,
  newAttempt,
  nextActionFailed,
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
import {
  attemptOwner,
  clearPendingAttempt,
  readPendingAttempt,
  savePendingAttempt,
  type CheckoutItem,
} from '../pending-attempt';
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
  /**
   * For a checkout that charges: what it buys, and what the form adds to a failure without a final
   * answer ('Your payment may have gone through…'). Such an attempt is kept in the tab until it has
   * one, and sent again first when this checkout opens again (a reload, Back, a sign-in round trip).
   */
  charge?: { item: CheckoutItem; outcomeUnknown: string };
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
  charge,
}: CheckoutFormProps<T>) {
  const stripe = useStripe();
  const elements = useElements();
  const { user } = useSession();
  const owner = user ? attemptOwner(user) : null;
  const { register, handleSubmit, setFocus } = useForm<BillingDetailsValues>({
    defaultValues: initialBillingDetails(user),
  });
  const [errors, setErrors] = useState<BillingErrors>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [storage] = useState(openSessionStorage);
  const attempt = useRef<CheckoutAttempt>(newAttempt());
  // `busy` disables the button only once rendered: a second submit before that (a double click) would
  // save another card and pay again with the attempt's key; it is dropped here instead.
  const flight = useInFlight();
  const pendingChecked = useRef(false);

  // An attempt of this checkout left without a final answer is sent again first, as it was: the server
  // answers its result (a success goes on to the confirmation) and never charges it twice.
  useEffect(() => {
    if (pendingChecked.current || !charge || !owner || !stripe) return;
    pendingChecked.current = true;
    const pending = readPendingAttempt(storage, owner, charge.item, Date.now());
    if (!pending) return;
    attempt.current = { key: pending.key, paymentMethodId: pending.paymentMethodId };
    void flight.run(() => working(() => send(stripe, pending.paymentMethodId)));
  });

  /** A final answer: nothing is left to send again, and the next try is a new attempt. */
  function answered() {
    attempt.current = newAttempt();
    if (charge) clearPendingAttempt(storage, charge.item);
  }

  /** The failure's words, followed, when no final answer came, by what the user should know about the charge. */
  function failureText(message: string, unknown: boolean): string {
    return unknown && charge ? `${message} ${charge.outcomeUnknown}` : message;
  }

  function fail(error: unknown) {
    const unknown = outcomeUnknown(error);
    if (!unknown) answered();
    if (onError && isPassedUp(error)) onError(error);
    else setFormError(failureText(errorMessage(error, failureMessage), unknown));
  }

  async function savedCard(stripe: Stripe, elements: StripeElements, values: BillingDetailsValues) {
    if (attempt.current.paymentMethodId) return attempt.current.paymentMethodId;
    let clientSecret: string;
    try {
      clientSecret = (await createSetupIntent()).client_secret;
    } catch (error) {
      // The spec words this failure itself, whatever the server said (part 2, section 8: setup intent).
      if (onError && isPassedUp(error)) onError(error);
      else setFormError(BILLING_MESSAGES.setupIntent);
      return null;
    }
    const card = elements.getElement(CardElement);
    if (!card) return null;
    const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
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

  /** Sends the attempt with its saved card (again, on a retry): 3-D Secure when the card asks for it, then the answer. */
  async function send(stripe: Stripe, paymentMethodId: string) {
    const { key } = attempt.current;
    if (charge && owner) {
      savePendingAttempt(storage, { owner, item: charge.item, key, paymentMethodId, sentAt: Date.now() });
    }
    let outcome = await pay(paymentMethodId, key);
    if (outcome.status === 'requires_action') {
      const { error } = await stripe.handleNextAction({ clientSecret: outcome.clientSecret });
      if (error) {
        if (nextActionFailed(error)) {
          setCardError(error.message ?? failureMessage);
          answered();
        } else {
          // Stripe could not be reached: the authentication, and the payment with it, may have completed.
          setFormError(failureText(failureMessage, true));
        }
        return;
      }
      outcome = await pay(paymentMethodId, key);
    }
    if (outcome.status !== 'done') {
      setFormError(failureMessage);
      return;
    }
    answered();
    onSuccess(outcome.result);
  }

  /** Busy while `work` runs; what it throws is said in the form. */
  async function working(work: () => Promise<void>) {
    setBusy(true);
    setFormError(null);
    setCardError(null);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
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
    await working(async () => {
      const paymentMethodId = await savedCard(stripe, elements, values);
      if (paymentMethodId) await send(stripe, paymentMethodId);
    });
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
