import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, ValidationArguments } from 'class-validator';

/** Trims strings before validation (a pasted e-mail with a trailing space is still an e-mail). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Optional fields: null, an empty or a blank string mean "no value". */
export const BlankToUndefined = () =>
  Transform(({ value }: { value: unknown }) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  );

export const EMAIL_MAX_LENGTH = 254;

const isMissing = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An e-mail address (x@y.z, at most 254 characters), one message for missing and one for malformed. */
export function IsEmailAddress(): PropertyDecorator {
  return ValidateBy({
    name: 'isEmailAddress',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && isEmail(value, { allow_ip_domain: false }),
      defaultMessage: (args?: ValidationArguments) =>
        isMissing(args?.value) ? 'Please enter your email address' : 'Please enter a valid email address',
    },
  });
}

/** Required text with one message per problem (missing, or too long). */
export function RequiredText(label: string, maxLength: number): PropertyDecorator {
  return ValidateBy({
    name: 'requiredText',
    constraints: [maxLength],
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= maxLength,
      defaultMessage: (args?: ValidationArguments) =>
        isMissing(args?.value)
          ? `${label} is required`
          : typeof args?.value === 'string'
            ? `${label} must be at most ${maxLength} characters long`
            : `${label} must be text`,
    },
  });
}

/** Optional text: absent is fine, otherwise a string of at most `maxLength` characters. */
export function OptionalText(label: string, maxLength: number): PropertyDecorator {
  return ValidateBy({
    name: 'optionalText',
    constraints: [maxLength],
    validator: {
      validate: (value: unknown) => value === undefined || (typeof value === 'string' && value.length <= maxLength),
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string'
          ? `${label} must be at most ${maxLength} characters long`
          : `${label} must be text`,
    },
  });
}

/** Optional phone number: digits with the usual separators, an optional extension, at most 40 characters. */
export function IsOptionalPhone(): PropertyDecorator {
  return ValidateBy({
    name: 'isOptionalPhone',
    validator: {
      validate: (value: unknown) =>
        value === undefined ||
        (typeof value === 'string' &&
          value.length <= 40 &&
          /^\+?[0-9().\-\s/]+((ext\.?|x)\s*[0-9]{1,6})?$/i.test(value) &&
          (value.match(/[0-9]/g) ?? []).length >= 7),
      defaultMessage: () => 'Please enter a valid phone number',
    },
  });
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
