import { ApiError } from '../../shared/api/client';
import { actionLabel } from '../../shared/audit-actions';
import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import {
  copyText,
  describeUserAgent,
  recoveryCodesText,
  SETTINGS_MESSAGES,
  settingsErrorMessage,
  twoFactorErrorFields,
} from './settings';

describe('settings texts', () => {
  it('says each security event in words, and an unknown one as it is', () => {
    expect(actionLabel('auth.sign_in')).toBe('Signed in');
    expect(actionLabel('auth.sign_in_failed')).toBe('Failed sign-in attempt');
    expect(actionLabel('auth.two_factor_enabled')).toBe('Two-factor authentication turned on');
    expect(actionLabel('auth.something_new')).toBe('auth.something_new');
  });

  it('names the browser and system of a user agent', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(describeUserAgent(null)).toBe('Unknown browser');
    expect(describeUserAgent('curl/8.0')).toBe('Browser');
  });

  it("shows the server's detail of a refusal, else a generic failure", () => {
    expect(settingsErrorMessage(new ApiError(400, 'Incorrect password', { detail: 'Incorrect password' }))).toBe(
      'Incorrect password',
    );
    expect(settingsErrorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong. Please try again.');
  });

  it('writes the recovery codes one a line', () => {
    expect(recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'], 'jane@example.com').split('\n')).toEqual([
      'Recovery codes for jane@example.com',
      'Each works once, instead of a code from your authenticator app.',
      '',
      'abcde-fghjk',
      'mnpqr-stuvw',
      '',
    ]);
  });

  it('says whether the codes were copied: a refused or missing clipboard is a failure, not an unhandled error', async () => {
    const written: string[] = [];
    expect(await copyText('A\nB', { writeText: async (text) => void written.push(text) })).toBe(true);
    expect(written).toEqual(['A\nB']);
    const refused = { writeText: () => Promise.reject(new Error('Write permission denied.')) };
    expect(await copyText('A', refused)).toBe(false);
    expect(await copyText('A', undefined)).toBe(false);
  });

  it('marks the two-factor field an error is about: the one asked for or refused, none for a failure', () => {
    expect(twoFactorErrorFields(SETTINGS_MESSAGES.passwordRequired)).toEqual(['password']);
    expect(twoFactorErrorFields(TWO_FACTOR_MESSAGES.wrongPassword)).toEqual(['password']);
    expect(twoFactorErrorFields(SETTINGS_MESSAGES.codeRequired)).toEqual(['code']);
    expect(twoFactorErrorFields(TWO_FACTOR_MESSAGES.invalidCode)).toEqual(['code']);
    expect(twoFactorErrorFields(TWO_FACTOR_MESSAGES.codeRequired)).toEqual(['code']);
    for (const failure of [SETTINGS_MESSAGES.failed, TWO_FACTOR_MESSAGES.noSetup, 'Too many attempts.', null]) {
      expect(twoFactorErrorFields(failure)).toEqual([]);
    }
  });
});
