import { ApiError } from '../../shared/api/client';
import {
  confirmErrorMessage,
  forgotPasswordErrorMessage,
  isAlreadyVerifiedError,
  loginFailure,
  registrationFailure,
  resendErrorMessage,
  resetPasswordErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
  twoFactorErrorMessage,
  codeRefused,
  verificationFailure,
  verificationRequestFailure,
} from './errors';

/** An ApiError as the client builds it: without a server text, `detail` is the client's generic one. */
function apiError(status: number, body?: Record<string, unknown>): ApiError {
  const text = (body?.detail ?? body?.message) as string | undefined;
  return new ApiError(status, text ?? `Request failed with status ${status}`, body);
}

const NETWORK_ERROR = new TypeError('Failed to fetch');

describe('loginFailure (API layer)', () => {
  it('keeps the status and the server detail', () => {
    expect(loginFailure(apiError(401, { detail: 'Incorrect email or password' }))).toMatchObject({
      status: 401,
      detail: 'Incorrect email or password',
    });
    expect(loginFailure(apiError(429, { detail: 'Too many attempts' }))).toMatchObject({
      status: 429,
      detail: 'Too many attempts',
    });
  });

  it.each([
    [401, 'Incorrect email or password'],
    [404, 'User not found'],
    [500, 'Login failed'],
  ])('falls back for a %s without detail to %j', (status, detail) => {
    const error = loginFailure(apiError(status));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, detail, message: detail });
  });

  it('passes a network failure on unchanged', () => {
    expect(loginFailure(NETWORK_ERROR)).toBe(NETWORK_ERROR);
  });
});

describe('API layer fallbacks', () => {
  it.each([
    [registrationFailure, 'Registration failed'],
    [verificationRequestFailure, 'Verification request failed'],
    [verificationFailure, 'Email verification failed'],
  ])('%p falls back to %j and keeps a server detail', (map, fallback) => {
    expect(map(apiError(500))).toMatchObject({ status: 500, detail: fallback });
    expect(map(apiError(409, { detail: 'Taken' }))).toMatchObject({ status: 409, detail: 'Taken' });
    expect(map(NETWORK_ERROR)).toBe(NETWORK_ERROR);
  });
});

describe('isAlreadyVerifiedError', () => {
  it('is true for a 400 whose text says already verified', () => {
    expect(isAlreadyVerifiedError(apiError(400, { detail: 'Email is already verified' }))).toBe(true);
    expect(isAlreadyVerifiedError(apiError(400, { message: 'This account is Already Verified.' }))).toBe(true);
  });

  it('is false for other replies', () => {
    expect(isAlreadyVerifiedError(apiError(400, { detail: 'Invalid or expired token' }))).toBe(false);
    expect(isAlreadyVerifiedError(apiError(409, { detail: 'Email is already verified' }))).toBe(false);
    expect(isAlreadyVerifiedError(NETWORK_ERROR)).toBe(false);
  });
});

describe('signInErrorMessage', () => {
  it('gives the credentials text for a 401, whatever the detail', () => {
    expect(signInErrorMessage(loginFailure(apiError(401, { detail: 'Incorrect email or password' })))).toBe(
      'Invalid email or password. Please check your credentials.',
    );
  });

  it('gives the no-account text for a 404', () => {
    expect(signInErrorMessage(loginFailure(apiError(404, { detail: 'Not here' })))).toBe(
      'No account found with this email. Please check your email or sign up.',
    );
  });

  it('shows the server detail otherwise, else the generic text', () => {
    expect(signInErrorMessage(loginFailure(apiError(429, { detail: 'Too many attempts. Try again later.' })))).toBe(
      'Too many attempts. Try again later.',
    );
    expect(signInErrorMessage(loginFailure(apiError(503)))).toBe('Failed to sign in. Please check your credentials.');
    expect(signInErrorMessage(NETWORK_ERROR)).toBe('Failed to sign in. Please check your credentials.');
  });
});

describe('signUpErrorMessage', () => {
  it('shows the server detail, else the screen text', () => {
    expect(signUpErrorMessage(registrationFailure(apiError(409, { detail: 'Email already registered' })))).toBe(
      'Email already registered',
    );
    expect(signUpErrorMessage(registrationFailure(apiError(500)))).toBe('Registration failed. Please try again.');
    expect(signUpErrorMessage(NETWORK_ERROR)).toBe('Registration failed. Please try again.');
  });
});

describe('verification screen messages', () => {
  it('gives the fixed texts', () => {
    expect(resendErrorMessage(apiError(500))).toBe('Failed to send verification email. Please try again.');
    expect(resendErrorMessage(NETWORK_ERROR)).toBe('Failed to send verification email. Please try again.');
    expect(confirmErrorMessage(apiError(400, { detail: 'Token expired' }))).toBe(
      'Invalid or expired verification code. Please try again.',
    );
    expect(confirmErrorMessage(NETWORK_ERROR)).toBe('Invalid or expired verification code. Please try again.');
  });

  it('shows the rate limit text of a 429', () => {
    expect(resendErrorMessage(apiError(429, { detail: 'Try again in 5 minutes' }))).toBe('Try again in 5 minutes');
    expect(confirmErrorMessage(apiError(429, { detail: 'Try again in 5 minutes' }))).toBe('Try again in 5 minutes');
    expect(resendErrorMessage(apiError(429))).toBe('Failed to send verification email. Please try again.');
  });
});

describe('forgotPasswordErrorMessage', () => {
  it('names a network failure', () => {
    expect(forgotPasswordErrorMessage(NETWORK_ERROR)).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('shows the server detail, else the screen text', () => {
    expect(forgotPasswordErrorMessage(apiError(429, { detail: 'Too many requests' }))).toBe('Too many requests');
    expect(forgotPasswordErrorMessage(apiError(500))).toBe('Failed to send password reset email. Please try again.');
  });
});

describe('resetPasswordErrorMessage', () => {
  it('gives the token text for any 400', () => {
    expect(resetPasswordErrorMessage(apiError(400, { detail: 'Token already used' }))).toBe(
      'Invalid or expired reset token. Please request a new password reset.',
    );
    expect(resetPasswordErrorMessage(apiError(400))).toBe(
      'Invalid or expired reset token. Please request a new password reset.',
    );
  });

  it('shows the server’s refusal of a common password, which the form cannot check', () => {
    const tooCommon = 'Password is too common or too easy to guess. Please choose a less predictable one.';
    expect(resetPasswordErrorMessage(apiError(400, { detail: tooCommon }))).toBe(tooCommon);
  });

  it('shows the server detail otherwise, else the screen text', () => {
    expect(resetPasswordErrorMessage(apiError(429, { detail: 'Slow down' }))).toBe('Slow down');
    expect(resetPasswordErrorMessage(apiError(500))).toBe('Failed to reset password. Please try again.');
    expect(resetPasswordErrorMessage(NETWORK_ERROR)).toBe('Failed to reset password. Please try again.');
  });
});

describe('codeRefused (the code step clears its field)', () => {
  it('clears a code the server refused, and keeps one a failing server or network never judged', () => {
    expect(codeRefused(apiError(401, { detail: 'Invalid authentication code. Please try again.' }))).toBe(true);
    expect(codeRefused(apiError(400, { detail: 'Invalid code' }))).toBe(true);
    expect(codeRefused(apiError(500, { detail: 'Service temporarily unavailable' }))).toBe(false);
    expect(codeRefused(new ApiError(503, 'Request failed: 503 Service Unavailable', '<html></html>'))).toBe(false);
    expect(codeRefused(NETWORK_ERROR)).toBe(false);
  });
});

describe('twoFactorErrorMessage (the code step)', () => {
  it("shows the server's words: a wrong code, an expired sign-in, a lockout", () => {
    const wrong = 'Invalid authentication code. Please try again.';
    expect(twoFactorErrorMessage(apiError(401, { detail: wrong }))).toBe(wrong);
    expect(twoFactorErrorMessage(apiError(429, { detail: 'Too many attempts. Try again in 60 seconds.' }))).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
  });

  it('says offline when the network failed, and the generic sign-in text without a server text', () => {
    expect(twoFactorErrorMessage(NETWORK_ERROR)).toBe('Network error. Please check your connection and try again.');
    expect(twoFactorErrorMessage(apiError(500))).toBe('Failed to sign in. Please check your credentials.');
  });
});
