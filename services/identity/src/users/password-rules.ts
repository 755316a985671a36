import { applyDecorators } from '@nestjs/common';
import { IsString, ValidateBy } from 'class-validator';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 128;

/** Same rule and words as the web's checklist: neither a letter, a digit nor white space is special. */
export const PASSWORD_RULES = [
  {
    name: 'passwordLength',
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    test: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { name: 'passwordDigit', message: 'Password must contain at least one digit', test: (p: string) => /\d/.test(p) },
  {
    name: 'passwordSpecial',
    message: 'Password must contain at least one special character',
    test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p),
  },
] as const;

/** The messages of the rules `password` breaks (empty when it meets them all). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/**
 * A new password (registration, reset): one message per broken rule, so the detail says
 * exactly what to fix. A missing password gives only 'Password is required'.
 */
export function IsNewPassword(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: 'Password is required' }),
    ValidateBy({
      name: 'passwordMaxLength',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || value.length <= PASSWORD_MAX_LENGTH,
        defaultMessage: () => `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
      },
    }),
    ...PASSWORD_RULES.map((rule) =>
      ValidateBy({
        name: rule.name,
        validator: {
          validate: (value: unknown) => typeof value !== 'string' || rule.test(value),
          defaultMessage: () => rule.message,
        },
      }),
    ),
  );
}
