import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';
import { EMAIL_MAX_LENGTH, isPhoneNumber, PHONE_INVALID_MESSAGE } from '@portal/contracts';
import { hasForbiddenText } from './request-input';

/*
 * DTO validators with one message per problem: plain class-validator reports a missing
 * value as missing, too long and not a string at once, and the web shows `detail` as is.
 */

// Defined with the contracts, where the web's e-mail fields read it too.
export { EMAIL_MAX_LENGTH };

/** Lower-cased, trimmed e-mail: the comparison form and the key of per-account limits. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/** Not given at all: absent, or a blank string (a number or an object is given, just not valid). */
const isMissing = (value: unknown): boolean => isAbsent(value) || (typeof value === 'string' && value.trim() === '');

/** Trims strings before validation (names, e-mails, tokens pasted with a trailing space). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Optional text fields: an empty or blank string means "no value" (stored as null). */
export const BlankToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value));

/** Optional fields: null, an empty or a blank string mean "absent". */
export const BlankToUndefined = () =>
  Transform(({ value }: { value: unknown }) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  );

/** Query parameters arrive as text: digits become a number, anything else stays for validation to name. */
export const ToInt = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value,
  );

/** The messages of a text field named `label` (as people read it) of at most `maxLength` characters. */
export function textMessages(label: string, maxLength: number) {
  return {
    required: `${label} is required`,
    maxLength,
    tooLong: `${label} must be at most ${maxLength} characters long`,
    notText: `${label} must be text`,
  };
}

/** Whether a question is asked, given the other fields of the same body. */
export type AnswerCondition = (body: Record<string, unknown>) => boolean;

const asked = (when: AnswerCondition | undefined, args?: ValidationArguments): boolean =>
  !when || when((args?.object ?? {}) as Record<string, unknown>);

/** Required text of at most `maxLength` characters; with `when`, required only when that holds. */
export function RequiredText(options: {
  required: string;
  maxLength: number;
  tooLong: string;
  notText?: string;
  when?: AnswerCondition;
}): PropertyDecorator {
  return ValidateBy({
    name: 'requiredText',
    constraints: [options.maxLength],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        !asked(options.when, args) || (!isBlank(value) && (value as string).length <= options.maxLength),
      defaultMessage: (args?: ValidationArguments) => {
        const value = args?.value;
        if (options.notText && !isAbsent(value) && typeof value !== 'string') return options.notText;
        return isBlank(value) ? options.required : options.tooLong;
      },
    },
  });
}

/** Optional text: absent or null, or a string of at most `maxLength` characters. */
export function OptionalText(options: { maxLength: number; tooLong: string; notText: string }): PropertyDecorator {
  return ValidateBy({
    name: 'optionalText',
    constraints: [options.maxLength],
    validator: {
      validate: (value: unknown) => isAbsent(value) || (typeof value === 'string' && value.length <= options.maxLength),
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' ? options.tooLong : options.notText,
    },
  });
}

/** One of the allowed values exactly; with `when`, required only when that holds. */
export function Choice(options: {
  allowed: readonly string[];
  required: string;
  invalid: string;
  when?: AnswerCondition;
}): PropertyDecorator {
  return ValidateBy({
    name: 'choice',
    constraints: [options.allowed],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        !asked(options.when, args) || (typeof value === 'string' && options.allowed.includes(value)),
      defaultMessage: (args?: ValidationArguments) => (isBlank(args?.value) ? options.required : options.invalid),
    },
  });
}

/**
 * A field that is not asked under `hiddenWhen` must come without a value then (blank is
 * fine: a form may send every field). Refusing it keeps stored answers consistent.
 */
export function NotAskedWhen(hiddenWhen: AnswerCondition, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'notAskedWhen',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => !asked(hiddenWhen, args) || isAbsent(value),
      defaultMessage: () => message,
    },
  });
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

/**
 * An e-mail address (x@y.z, at most 254 characters), one message for missing and one for malformed. A
 * quoted local part (`"a,b"@x.z`) is refused: valid by RFC 5321 but unheard of in practice, and mail
 * libraries write it into To and Reply-To as several addresses (`a,b@x.z`), so mail meant for one
 * address would reach another.
 */
export function IsEmailAddress(
  messages: { required: string; invalid: string } = {
    required: 'Please enter your email address',
    invalid: 'Please enter a valid email address',
  },
): PropertyDecorator {
  return ValidateBy({
    name: 'isEmailAddress',
    validator: {
      // isEmail throws (URIError) on an unpaired surrogate: such text is no address anyway.
      validate: (value: unknown) =>
        typeof value === 'string' &&
        value.length <= EMAIL_MAX_LENGTH &&
        !hasForbiddenText(value) &&
        !value.includes('"') &&
        isEmail(value, { allow_ip_domain: false }),
      defaultMessage: (args?: ValidationArguments) => (isMissing(args?.value) ? messages.required : messages.invalid),
    },
  });
}

/** Optional phone number (`isPhoneNumber`: the forms' rule). */
export function IsOptionalPhone(): PropertyDecorator {
  return ValidateBy({
    name: 'isOptionalPhone',
    validator: {
      validate: (value: unknown) => value === undefined || (typeof value === 'string' && isPhoneNumber(value)),
      defaultMessage: () => PHONE_INVALID_MESSAGE,
    },
  });
}

/** A whole number in [min, max] (absent is fine: the default applies). */
export function IntInRange(min: number, max: number, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'intInRange',
    constraints: [min, max],
    validator: {
      validate: (value: unknown) =>
        value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max),
      defaultMessage: () => message,
    },
  });
}
