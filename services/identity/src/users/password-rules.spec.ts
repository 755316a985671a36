import { PASSWORD_MESSAGES } from '@portal/contracts';
import { passwordProblems } from './password-rules';

describe('password rules', () => {
  it.each(['        1!', 'Password1!', 'P@ssw0rd1', 'qwerty123!', 'abc12345!', 'Welcome1!', 'aB3!'.repeat(32)])(
    'refuses %j, which meets the spec rule but is common or as easy to guess',
    (password) => {
      expect(passwordProblems(password)).toEqual([PASSWORD_MESSAGES.tooCommon]);
    },
  );

  it.each(['S3cure!pass', 'Adm1n!pass', 'N3w!password', 'correct horse battery 7!'])('accepts %j', (password) => {
    expect(passwordProblems(password)).toEqual([]);
  });

  it('says only the spec rule texts while the spec rule is not met', () => {
    expect(passwordProblems('password')).toEqual([PASSWORD_MESSAGES.needsDigit, PASSWORD_MESSAGES.needsSpecial]);
    expect(passwordProblems('')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.needsDigit,
      PASSWORD_MESSAGES.needsSpecial,
    ]);
  });
});
