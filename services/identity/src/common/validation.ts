import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';

/** Trims strings before validation (names, e-mails, tokens pasted with a trailing space). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Optional text fields: an empty or blank string means "no value" (stored as null). */
export const BlankToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value));

/** Lower-cased, trimmed e-mail: the key of per-account rate limits and the comparison form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The property must equal another property of the same object when it is given. */
export function EqualsProperty(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'equalsProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          value === (args?.object as Record<string, unknown>)[property],
      },
    },
    options,
  );
}

export const EMAIL_MAX_LENGTH = 254;

export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * Required text with one message per problem (class-validator would otherwise report a
 * missing value as missing, too long and not a string at once).
 */
export function RequiredText(options: { required: string; maxLength: number; tooLong: string }): PropertyDecorator {
  return ValidateBy({
    name: 'requiredText',
    constraints: [options.maxLength],
    validator: {
      validate: (value: unknown) => !isBlank(value) && (value as string).length <= options.maxLength,
      defaultMessage: (args?: ValidationArguments) => (isBlank(args?.value) ? options.required : options.tooLong),
    },
  });
}

/** An e-mail address (x@y.z, at most 254 characters), with one message for missing and one for malformed. */
export function IsEmailAddress(
  messages: { required: string; invalid: string } = {
    required: 'Please enter your email address',
    invalid: 'Please enter a valid email address',
  },
): PropertyDecorator {
  return ValidateBy({
    name: 'isEmailAddress',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && isEmail(value, { allow_ip_domain: false }),
      defaultMessage: (args?: ValidationArguments) => (isBlank(args?.value) ? messages.required : messages.invalid),
    },
  });
}
