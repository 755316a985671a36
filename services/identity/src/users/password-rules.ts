import { applyDecorators } from '@nestjs/common';
import { IsString, ValidateBy } from 'class-validator';
import {
  PASSWORD_DIGIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL,
} from '@portal/contracts';
import { isCommonPassword } from './common-passwords';

/** The spec's rule; the web's checklist has the same rule and words (@portal/contracts). */
const SPEC_RULES = [
  {
    name: 'passwordLength',
    message: PASSWORD_MESSAGES.tooShort,
    test: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { name: 'passwordDigit', message: PASSWORD_MESSAGES.needsDigit, test: (p: string) => PASSWORD_DIGIT.test(p) },
  { name: 'passwordSpecial', message: PASSWORD_MESSAGES.needsSpecial, test: (p: string) => PASSWORD_SPECIAL.test(p) },
] as const;

/**
 * The spec's rule, then no common password (`"        1!"` meets the spec's rule): said only of
 * a password that meets the rest, so a detail names one thing to fix at a time.
 */
export const PASSWORD_RULES = [
  ...SPEC_RULES,
  {
    name: 'passwordNotCommon',
    message: PASSWORD_MESSAGES.tooCommon,
    test: (p: string) =>
      p.length > PASSWORD_MAX_LENGTH || SPEC_RULES.some((rule) => !rule.test(p)) || !isCommonPassword(p),
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
        defaultMessage: () => PASSWORD_MESSAGES.tooLong,
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
