import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, ValidationArguments } from 'class-validator';

/*
 * Validators with one message per problem (class-validator would otherwise report a missing
 * value as missing, too long and not a string at once). Copied from identity's pattern:
 * services never import each other.
 */

/** Trims strings before validation (names and e-mails pasted with a trailing space). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Optional text fields: an empty or blank string means "no value" (stored as null). */
export const BlankToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value));

export const EMAIL_MAX_LENGTH = 254;

export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/** Whether a question is asked, given the other answers of the same body. */
export type AnswerCondition = (body: Record<string, unknown>) => boolean;

const asked = (when: AnswerCondition | undefined, args?: ValidationArguments): boolean =>
  !when || when((args?.object ?? {}) as Record<string, unknown>);

/** Required text, at most `maxLength` characters; with `when`, required only when that holds. */
export function RequiredText(options: {
  required: string;
  maxLength: number;
  tooLong: string;
  when?: AnswerCondition;
}): PropertyDecorator {
  return ValidateBy({
    name: 'requiredText',
    constraints: [options.maxLength],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        !asked(options.when, args) || (!isBlank(value) && (value as string).length <= options.maxLength),
      defaultMessage: (args?: ValidationArguments) => (isBlank(args?.value) ? options.required : options.tooLong),
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
 * A question the form hides under `hiddenWhen` must come without a value then (blank is
 * fine: the web may send every field). Refusing it keeps stored answers consistent.
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

/** An e-mail address (x@y.z, at most 254 characters), with one message for missing and one for malformed. */
export function IsEmailAddress(messages: { required: string; invalid: string }): PropertyDecorator {
  return ValidateBy({
    name: 'isEmailAddress',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && isEmail(value, { allow_ip_domain: false }),
      defaultMessage: (args?: ValidationArguments) => (isBlank(args?.value) ? messages.required : messages.invalid),
    },
  });
}

/** Query parameters arrive as text: digits become a number, anything else stays for validation to name. */
export const ToInt = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value,
  );

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
