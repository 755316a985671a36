/**
 * The checks the account forms run before calling the server, with the spec's messages (part 1,
 * section 5). Each returns the first problem (its message and the field to fix) or null.
 */

import {
  NAME_MAX_LENGTH,
  NAME_MESSAGES,
  PASSWORD_DIGIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL,
} from '@portal/contracts';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';

export { isValidEmail, type ValidationIssue };

export const VALIDATION_MESSAGES = {
  signUpRequired: 'Email and password are required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequirements: 'Password does not meet all requirements',
  invalidEmail: 'Please enter a valid email address',
  signInRequired: 'Please enter both email and password',
  emailRequired: 'Please enter your email address',
  resetRequired: 'Please enter both password and confirmation',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordNeedsDigit: PASSWORD_MESSAGES.needsDigit,
  passwordNeedsSpecial: PASSWORD_MESSAGES.needsSpecial,
  codeRequired: 'Please enter the verification code',
} as const;

// The server's rule (@portal/contracts): anything neither a letter, a digit nor white space is special (!, _, €, ...).
const DIGIT = PASSWORD_DIGIT;
const SPECIAL = PASSWORD_SPECIAL;

export interface PasswordCheck {
  label: string;
  met: boolean;
}

/** The live checklist under the sign-up password, in the spec's order and words. */
export function passwordChecklist(password: string, confirmPassword: string): PasswordCheck[] {
  return [
    { label: 'At least 8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { label: 'Contains a number', met: DIGIT.test(password) },
    { label: 'Contains a special character', met: SPECIAL.test(password) },
    { label: 'Passwords match', met: password !== '' && password === confirmPassword },
  ];
}

/** Length, digit and special character: the rule the server enforces too. */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && DIGIT.test(password) && SPECIAL.test(password);
}

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateSignUp(values: SignUpValues): ValidationIssue<keyof SignUpValues> | null {
  const m = VALIDATION_MESSAGES;
  if (!values.email.trim()) return { message: m.signUpRequired, field: 'email' };
  if (!values.password) return { message: m.signUpRequired, field: 'password' };
  if (values.password !== values.confirmPassword) return { message: m.passwordsDoNotMatch, field: 'confirmPassword' };
  if (!meetsPasswordRule(values.password)) return { message: m.passwordRequirements, field: 'password' };
  if (values.password.length > PASSWORD_MAX_LENGTH) return { message: m.passwordTooLong, field: 'password' };
  if (!isValidEmail(values.email)) return { message: m.invalidEmail, field: 'email' };
  // Beside the spec's two: the server needs both names (the firm addresses its clients by name).
  return nameIssue(values);
}

/** A missing or too long first or last name, with the server's words. */
function nameIssue(values: { firstName: string; lastName: string }): ValidationIssue<'firstName' | 'lastName'> | null {
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (!first) return { message: NAME_MESSAGES.firstNameRequired, field: 'firstName' };
  if (first.length > NAME_MAX_LENGTH) return { message: NAME_MESSAGES.firstNameTooLong, field: 'firstName' };
  if (!last) return { message: NAME_MESSAGES.lastNameRequired, field: 'lastName' };
  if (last.length > NAME_MAX_LENGTH) return { message: NAME_MESSAGES.lastNameTooLong, field: 'lastName' };
  return null;
}

export interface SignInValues {
  email: string;
  password: string;
}

export function validateSignIn(values: SignInValues): ValidationIssue<keyof SignInValues> | null {
  const m = VALIDATION_MESSAGES;
  if (!values.email.trim()) return { message: m.signInRequired, field: 'email' };
  if (!values.password) return { message: m.signInRequired, field: 'password' };
  if (!isValidEmail(values.email)) return { message: m.invalidEmail, field: 'email' };
  return null;
}

export interface EmailValues {
  email: string;
}

/** The forgot-password form, and the e-mail of a verification resend. */
export function validateEmail(values: EmailValues): ValidationIssue<keyof EmailValues> | null {
  if (!values.email.trim()) return { message: VALIDATION_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: VALIDATION_MESSAGES.invalidEmail, field: 'email' };
  return null;
}

export interface ResetValues {
  password: string;
  confirmPassword: string;
}

export function validateReset(values: ResetValues): ValidationIssue<keyof ResetValues> | null {
  const m = VALIDATION_MESSAGES;
  if (!values.password) return { message: m.resetRequired, field: 'password' };
  if (!values.confirmPassword) return { message: m.resetRequired, field: 'confirmPassword' };
  if (values.password !== values.confirmPassword) return { message: m.passwordsDoNotMatch, field: 'confirmPassword' };
  if (values.password.length < PASSWORD_MIN_LENGTH) return { message: m.passwordTooShort, field: 'password' };
  if (!DIGIT.test(values.password)) return { message: m.passwordNeedsDigit, field: 'password' };
  if (!SPECIAL.test(values.password)) return { message: m.passwordNeedsSpecial, field: 'password' };
  if (values.password.length > PASSWORD_MAX_LENGTH) return { message: m.passwordTooLong, field: 'password' };
  return null;
}

export interface CodeValues {
  code: string;
}

export function validateCode(values: CodeValues): ValidationIssue<keyof CodeValues> | null {
  if (!values.code.trim()) return { message: VALIDATION_MESSAGES.codeRequired, field: 'code' };
  return null;
}
