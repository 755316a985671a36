import {
  isValidEmail,
  passwordChecklist,
  validateCode,
  validateEmail,
  validateReset,
  validateSignIn,
  validateSignUp,
  type SignUpValues,
} from './validation';

const GOOD_SIGN_UP: SignUpValues = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  password: 'secret-12',
  confirmPassword: 'secret-12',
};

describe('isValidEmail', () => {
  it.each(['ann@example.com', 'a.b+tax@mail.example.co.uk', '  ann@example.com  '])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ann', 'ann@example', 'ann@@example.com', 'ann example@x.com', '@example.com', 'ann@.'])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('passwordChecklist', () => {
  it('lists the four checks in the spec words, none met for empty fields', () => {
    expect(passwordChecklist('', '')).toEqual([
      { label: 'At least 8 characters', met: false },
      { label: 'Contains a number', met: false },
      { label: 'Contains a special character', met: false },
      { label: 'Passwords match', met: false },
    ]);
  });

  it('follows the password as it is typed', () => {
    expect(passwordChecklist('abcdefgh', '').map((check) => check.met)).toEqual([true, false, false, false]);
    expect(passwordChecklist('abc1', 'abc1').map((check) => check.met)).toEqual([false, true, false, true]);
    expect(passwordChecklist('abcdefg1!', 'abcdefg1!').map((check) => check.met)).toEqual([true, true, true, true]);
  });

  it.each(['!', '_', '-', ' ', '€', '.'])('counts %j as special only when it is not white space', (char) => {
    expect(passwordChecklist(`abc${char}`, '')[2].met).toBe(char !== ' ');
  });

  it('needs the exact same confirmation', () => {
    expect(passwordChecklist('secret-12', 'secret-1')[3].met).toBe(false);
    expect(passwordChecklist('secret-12', 'Secret-12')[3].met).toBe(false);
  });
});

describe('validateSignUp', () => {
  it('passes a complete form', () => {
    expect(validateSignUp(GOOD_SIGN_UP)).toBeNull();
  });

  // The spec's checks come first; then the names the server needs, in its words.
  it.each([
    [{ firstName: ' ' }, 'First name is required', 'firstName'],
    [{ lastName: '' }, 'Last name is required', 'lastName'],
    [{ firstName: 'A'.repeat(101) }, 'First name must be at most 100 characters long', 'firstName'],
    [{ lastName: 'B'.repeat(101) }, 'Last name must be at most 100 characters long', 'lastName'],
    [{ firstName: '', email: '' }, 'Email and password are required', 'email'],
  ])('needs the names: %j gives %j', (change, message, field) => {
    expect(validateSignUp({ ...GOOD_SIGN_UP, ...change })).toEqual({ message, field });
  });

  it('refuses a password longer than the server takes, with its words', () => {
    const long = `${'a1!'.repeat(43)}`;
    expect(long.length).toBe(129);
    expect(validateSignUp({ ...GOOD_SIGN_UP, password: long, confirmPassword: long })).toEqual({
      message: 'Password must be at most 128 characters long',
      field: 'password',
    });
    expect(validateReset({ password: long, confirmPassword: long })).toEqual({
      message: 'Password must be at most 128 characters long',
      field: 'password',
    });
    expect(validateReset({ password: long.slice(1), confirmPassword: long.slice(1) })).toBeNull();
  });

  it.each([
    [{ email: '' }, 'Email and password are required', 'email'],
    [{ email: '   ' }, 'Email and password are required', 'email'],
    [{ password: '', confirmPassword: '' }, 'Email and password are required', 'password'],
    [{ confirmPassword: 'secret-13' }, 'Passwords do not match', 'confirmPassword'],
    [{ password: 'secret12', confirmPassword: 'secret12' }, 'Password does not meet all requirements', 'password'],
    [{ password: 'secret-!', confirmPassword: 'secret-!' }, 'Password does not meet all requirements', 'password'],
    [{ password: 'sec-12', confirmPassword: 'sec-12' }, 'Password does not meet all requirements', 'password'],
    [{ email: 'ann@example' }, 'Please enter a valid email address', 'email'],
  ])('%j gives %j on %s', (change, message, field) => {
    expect(validateSignUp({ ...GOOD_SIGN_UP, ...change })).toEqual({ message, field });
  });

  it('reports in the spec order: required, match, requirements, e-mail format', () => {
    expect(validateSignUp({ ...GOOD_SIGN_UP, email: 'bad', password: 'x', confirmPassword: 'y' })?.message).toBe(
      'Passwords do not match',
    );
    expect(validateSignUp({ ...GOOD_SIGN_UP, email: 'bad', password: 'x', confirmPassword: 'x' })?.message).toBe(
      'Password does not meet all requirements',
    );
  });
});

describe('validateSignIn', () => {
  it.each([
    [{ email: '', password: 'x' }, 'Please enter both email and password', 'email'],
    [{ email: 'ann@example.com', password: '' }, 'Please enter both email and password', 'password'],
    [{ email: 'ann.example.com', password: 'x' }, 'Please enter a valid email address', 'email'],
  ])('%j gives %j on %s', (values, message, field) => {
    expect(validateSignIn(values)).toEqual({ message, field });
  });

  it('does not judge the password beyond its presence', () => {
    expect(validateSignIn({ email: 'ann@example.com', password: 'x' })).toBeNull();
  });
});

describe('validateEmail (forgot password, verification resend)', () => {
  it.each([
    ['', 'Please enter your email address'],
    [' ', 'Please enter your email address'],
    ['ann', 'Please enter a valid email address'],
  ])('%j gives %j', (email, message) => {
    expect(validateEmail({ email })).toEqual({ message, field: 'email' });
  });

  it('passes an e-mail address', () => {
    expect(validateEmail({ email: 'ann@example.com' })).toBeNull();
  });
});

describe('validateReset', () => {
  it.each([
    [{ password: '', confirmPassword: 'secret-12' }, 'Please enter both password and confirmation', 'password'],
    [{ password: 'secret-12', confirmPassword: '' }, 'Please enter both password and confirmation', 'confirmPassword'],
    [{ password: 'secret-12', confirmPassword: 'secret-13' }, 'Passwords do not match', 'confirmPassword'],
    [{ password: 'sec-1', confirmPassword: 'sec-1' }, 'Password must be at least 8 characters long', 'password'],
    [{ password: 'secret-ab', confirmPassword: 'secret-ab' }, 'Password must contain at least one digit', 'password'],
    [
      { password: 'secret123', confirmPassword: 'secret123' },
      'Password must contain at least one special character',
      'password',
    ],
  ])('%j gives %j on %s', (values, message, field) => {
    expect(validateReset(values)).toEqual({ message, field });
  });

  it('passes a password that meets the rule', () => {
    expect(validateReset({ password: 'secret-12', confirmPassword: 'secret-12' })).toBeNull();
  });
});

describe('validateCode', () => {
  it('needs a code', () => {
    expect(validateCode({ code: ' ' })).toEqual({ message: 'Please enter the verification code', field: 'code' });
    expect(validateCode({ code: 'abc' })).toBeNull();
  });
});
