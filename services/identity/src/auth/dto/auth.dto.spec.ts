import { validateBody } from '@portal/testing';
import { ResetPasswordDto } from '../../password-reset/dto/password-reset.dto';
import { EmailDto } from '../../verification/dto/verification.dto';
import { LoginDto, loginEmail } from './login.dto';
import { RegisterDto } from './register.dto';

const valid = {
  email: 'jane@example.com',
  password: 'S3cure!pass',
  confirmPassword: 'S3cure!pass',
  first_name: 'Jane',
  last_name: 'Doe',
  username: 'jane@example.com',
};

describe('RegisterDto', () => {
  it('accepts the sign-up form as the web sends it, trimming names and e-mail', async () => {
    const { value, errors } = await validateBody(RegisterDto, {
      ...valid,
      email: ' jane@example.com ',
      first_name: ' Jane ',
    });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe' });
  });

  it('accepts a body without confirmPassword or username', async () => {
    const { confirmPassword: _c, username: _u, ...body } = valid;
    expect((await validateBody(RegisterDto, body)).errors).toEqual([]);
  });

  it.each([
    ['short', 'S3!a', ['Password must be at least 8 characters long']],
    ['no digit', 'Secure!pass', ['Password must contain at least one digit']],
    ['no special character', 'S3curepass', ['Password must contain at least one special character']],
    ['white space is not special', 'S3cure pass', ['Password must contain at least one special character']],
    [
      'common, though it meets the rule',
      '        1!',
      ['Password is too common or too easy to guess. Please choose a less predictable one.'],
    ],
    [
      'empty',
      '',
      [
        'Password must be at least 8 characters long',
        'Password must contain at least one digit',
        'Password must contain at least one special character',
      ],
    ],
  ])('refuses a weak password (%s) with the spec wording', async (_case, password, messages) => {
    const { errors } = await validateBody(RegisterDto, { ...valid, password, confirmPassword: password });
    expect(errors).toEqual(messages);
  });

  it('accepts any non-alphanumeric character as special, like the web checklist', async () => {
    for (const password of ['S3cure_pass', 'S3cure€pass', 'S3cure.pass']) {
      expect((await validateBody(RegisterDto, { ...valid, password, confirmPassword: password })).errors).toEqual([]);
    }
  });

  it('refuses a missing password once, a mismatched confirmation, and an over-long password', async () => {
    const { password: _p, confirmPassword: _c, ...noPassword } = valid;
    expect((await validateBody(RegisterDto, noPassword)).errors).toEqual(['Password is required']);
    expect((await validateBody(RegisterDto, { ...valid, confirmPassword: 'S3cure!pasS' })).errors).toEqual([
      'Passwords do not match',
    ]);
    const long = `S3cure!${'x'.repeat(130)}`;
    expect((await validateBody(RegisterDto, { ...valid, password: long, confirmPassword: long })).errors).toEqual([
      'Password must be at most 128 characters long',
    ]);
  });

  it.each(['jane', 'jane@example', 'jane@@example.com', 'jane doe@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses the e-mail %s',
    async (email) => {
      expect((await validateBody(RegisterDto, { ...valid, email })).errors).toEqual([
        'Please enter a valid email address',
      ]);
    },
  );

  it('requires first and last name, non-empty and at most 100 characters', async () => {
    expect((await validateBody(RegisterDto, { ...valid, first_name: '  ', last_name: undefined })).errors).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect((await validateBody(RegisterDto, { ...valid, first_name: 'x'.repeat(101) })).errors).toEqual([
      'First name must be at most 100 characters long',
    ]);
    expect((await validateBody(RegisterDto, { ...valid, last_name: 42 })).errors).toEqual(['Last name is required']);
  });

  it('refuses role, user_type and any other field it does not know', async () => {
    const { errors } = await validateBody(RegisterDto, { ...valid, role: 'admin', user_type: 99, is_verified: true });
    expect(errors).toEqual([
      'property role should not exist',
      'property user_type should not exist',
      'property is_verified should not exist',
    ]);
  });
});

describe('LoginDto', () => {
  it('takes the e-mail from username (the form) or email (JSON)', async () => {
    const form = await validateBody(LoginDto, {
      username: ' jane@example.com ',
      password: 'x',
      grant_type: 'password',
    });
    expect(form.errors).toEqual([]);
    expect(loginEmail(form.value!)).toBe('jane@example.com');
    const json = await validateBody(LoginDto, { email: 'jane@example.com', password: 'x' });
    expect(json.errors).toEqual([]);
    expect(loginEmail(json.value!)).toBe('jane@example.com');
  });

  it('asks for both fields', async () => {
    expect((await validateBody(LoginDto, { username: 'jane@example.com' })).errors).toEqual([
      'Please enter both email and password',
    ]);
    expect((await validateBody(LoginDto, { password: 'x' })).errors).toEqual(['Please enter both email and password']);
    expect((await validateBody(LoginDto, {})).errors).toEqual(['Please enter both email and password']);
    expect(
      (await validateBody(LoginDto, { username: null, email: null, password: null, grant_type: null })).errors,
    ).toEqual(['Please enter both email and password']);
  });

  it('checks the username even when an e-mail comes with it (sign-in reads the username)', async () => {
    const { errors } = await validateBody(LoginDto, { username: 'a'.repeat(10_000), email: 'x', password: 'x' });
    expect(errors).toEqual(['Incorrect email or password']);
  });
});

describe('EmailDto (verification request, forgot password, status)', () => {
  it('says what is wrong with the e-mail', async () => {
    expect((await validateBody(EmailDto, {})).errors).toEqual(['Please enter your email address']);
    expect((await validateBody(EmailDto, { email: 'nope' })).errors).toEqual(['Please enter a valid email address']);
    expect((await validateBody(EmailDto, { email: 'a@b.co' }, 'query')).errors).toEqual([]);
  });
});

describe('ResetPasswordDto', () => {
  it('applies the password rule to new_password and asks for the token', async () => {
    expect((await validateBody(ResetPasswordDto, { new_password: 'abcdefgh' })).errors).toEqual([
      'Invalid or missing reset token. Please request a new password reset.',
      'Password must contain at least one digit',
      'Password must contain at least one special character',
    ]);
    expect((await validateBody(ResetPasswordDto, { token: 't', new_password: 'N3w!passw' })).errors).toEqual([]);
    expect((await validateBody(ResetPasswordDto, { token: 't', new_password: '        1!' })).errors).toEqual([
      'Password is too common or too easy to guess. Please choose a less predictable one.',
    ]);
    expect(
      (await validateBody(ResetPasswordDto, { token: 't', new_password: 'N3w!passw', confirm_password: 'other' }))
        .errors,
    ).toEqual(['Passwords do not match']);
  });
});
