import type { SubscriptionReply } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { errorMessage } from '../checkout';
import { useCancelSubscription, useReactivateSubscription } from '../hooks/use-billing';
import { useInFlight } from '../../../shared/ui/use-in-flight';
import { BILLING_MESSAGES, cancelTrialSentence, reactivationMessage } from '../labels';
import { formatDate } from '../money';
import styles from './Billing.module.css';
import { BusyButton } from '../../../shared/ui/BusyButton';

interface DialogProps {
  subscription: SubscriptionReply;
  now: Date;
  onClose(): void;
  /** The change went through; the owner closes the dialog (the button that opened it is gone by then). */
  onDone(): void;
}

/** A failed change is shown from the mutation's state (`isError`), not from its promise. */
const shownFromState = () => undefined;

/** Cancel at the period end, with a reason; during a trial it says nothing will be charged. */
export function CancelDialog({ subscription, now, onClose, onDone }: DialogProps) {
  const cancel = useCancelSubscription();
  // A second submit before the button renders disabled (a double click) sends nothing.
  const flight = useInFlight();
  const { register, handleSubmit } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const trialSentence = cancelTrialSentence(subscription, now);
  const description =
    trialSentence ??
    `Your subscription stays active until ${formatDate(subscription.current_period_end)} and is not renewed after that.`;
  return (
    <Dialog title="Cancel Subscription" description={description} onClose={onClose}>
      <form
        className={formStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void flight.run(() =>
            handleSubmit(({ reason }) =>
              cancel.mutateAsync({ id: subscription.id, reason }).then(onDone, shownFromState),
            )(event),
          );
        }}
      >
        <TextAreaField
          label="Why are you cancelling? (optional)"
          maxLength={1000}
          rows={3}
          data-autofocus
          {...register('reason')}
        />
        <FormError
          id="cancel-error"
          message={cancel.isError ? errorMessage(cancel.error, BILLING_MESSAGES.cancel) : null}
        />
        <div className={styles.dialogActions}>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
            Keep Subscription
          </button>
          <SubmitButton busy={cancel.isPending} busyLabel="Cancelling…">
            Cancel Subscription
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** Undo the cancellation: the trial goes on, or the card is charged (spec part 2, section 4). */
export function ReactivateDialog({ subscription, now, onClose, onDone }: DialogProps) {
  const reactivate = useReactivateSubscription();
  // A second click before the button renders disabled (a double click) sends nothing.
  const flight = useInFlight();
  return (
    <Dialog title="Re-Activate Subscription" description={reactivationMessage(subscription, now)} onClose={onClose}>
      <FormError
        id="reactivate-error"
        message={reactivate.isError ? errorMessage(reactivate.error, BILLING_MESSAGES.reactivate) : null}
      />
      <div className={styles.dialogActions}>
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
          Not Now
        </button>
        <BusyButton
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          busy={reactivate.isPending}
          busyLabel="Re-activating…"
          onClick={() => void flight.run(() => reactivate.mutateAsync(subscription.id).then(onDone, shownFromState))}
          data-autofocus
        >
          Re-Activate
        </BusyButton>
      </div>
    </Dialog>
  );
}
