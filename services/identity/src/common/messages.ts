/** Texts the web shows as they are (spec part 1, sections 5 and 8; part 2, section 5). */
export const MESSAGES = {
  duplicateEmail: 'An account with this email already exists.',
  registered: 'Registration successful. Please check your email to verify your account.',
  badCredentials: 'Incorrect email or password',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'Not authenticated',
  forbidden: 'You do not have permission to do this',
  verificationSent: 'If an account exists for this email, a verification email has been sent.',
  alreadyVerified: 'This email is already verified.',
  emailVerified: 'Email verified successfully!',
  invalidVerificationToken: 'Invalid or expired verification code. Please try again.',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  invalidResetToken: 'Invalid or expired reset token. Please request a new password reset.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  emailReadOnly: 'Email cannot be changed. Contact support for assistance.',
  noSuchAccount: 'No account with this email.',
} as const;
