import { adminSeed, AdminSettingsError } from './admin-settings';

describe('the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('is absent unless both are set (libs/config refuses one without the other)', () => {
    expect(adminSeed({})).toBeUndefined();
    expect(adminSeed({ ADMIN_EMAIL: 'admin@example.com' })).toBeUndefined();
  });

  it('is given when the password follows the password rule', () => {
    expect(adminSeed({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n!pass' })).toEqual({
      email: 'admin@example.com',
      password: 'Adm1n!pass',
    });
  });

  it('carries ADMIN_TOTP_SECRET when it is set', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    expect(
      adminSeed({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n!pass', ADMIN_TOTP_SECRET: secret }),
    ).toEqual({ email: 'admin@example.com', password: 'Adm1n!pass', totpSecret: secret });
  });

  it('stops the start with one line when the password is weak', () => {
    expect(() => adminSeed({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
      new AdminSettingsError([
        'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long and contain a digit and a special character',
      ]),
    );
  });

  it('stops the start when the password is common', () => {
    expect(() => adminSeed({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Password1!' })).toThrow(
      new AdminSettingsError(['Invalid configuration: ADMIN_PASSWORD is too common or too easy to guess']),
    );
  });
});
