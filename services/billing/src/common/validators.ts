import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { isBlank } from '@portal/http';
import { MESSAGES } from './messages';

const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,255}$/;

/**
 * A catalog id: present and text (an unknown one is a 404 of the route, not a 400), in lower case: a
 * uuid names the same row in any case, and what is stored and compared later (an Idempotency-Key
 * sent again, the package a subscription holds) is the catalog's own lower-case id.
 */
export function RequiredId(required: string): PropertyDecorator {
  const lowerCase = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  );
  const present = ValidateBy({
    name: 'requiredId',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !isBlank(value) && value.length <= 100,
      defaultMessage: () => required,
    },
  });
  return (target, property) => {
    lowerCase(target, property);
    present(target, property);
  };
}

/** A Stripe PaymentMethod id (pm_...), as confirmCardSetup gives it. */
export function PaymentMethodId(): PropertyDecorator {
  return ValidateBy({
    name: 'paymentMethodId',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && PAYMENT_METHOD_ID.test(value),
      defaultMessage: (args) => (isBlank(args?.value) ? MESSAGES.paymentMethodRequired : MESSAGES.paymentMethodInvalid),
    },
  });
}
