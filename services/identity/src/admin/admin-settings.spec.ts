import { adminSeedFromEnv, AdminSettingsError } from './admin-settings';

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('are optional together', () => {
    expect(adminSeedFromEnv({})).toBeUndefined();
    expect(adminSeedFromEnv({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).toBeUndefined();
  });

  it('give the first admin when both are valid', () => {
    expect(adminSeedFromEnv({ ADMIN_EMAIL: ' admin@example.com ', ADMIN_PASSWORD: 'Adm1n!pass' })).toEqual({
      email: 'admin@example.com',
      password: 'Adm1n!pass',
    });
  });

  it('stop the start with one line per problem', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        adminSeedFromEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(AdminSettingsError);
        return (error as AdminSettingsError).message.split('\n');
      }
      throw new Error('expected an AdminSettingsError');
    };
    expect(problems({ ADMIN_EMAIL: 'admin@example.com' })).toEqual([
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ]);
    expect(problems({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'short' })).toEqual([
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "not-an-email")',
      'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long and contain a digit and a special character',
    ]);
  });
});
