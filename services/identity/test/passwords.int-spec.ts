import { Call, login, PASSWORD, register, sql, uniqueEmail, useTestApp } from '@portal/testing';
import { scryptHash } from '../src/users/password-hasher';

/** Passwords are stored as argon2id; accounts from the scrypt days move over at their next sign-in. */
describe('identity: password hashes', () => {
  const app = useTestApp();
  const call: Call = (method, path, options) => app.call(method, path, options);

  const storedHash = async (userId: string) =>
    (
      await sql<{ password_hash: string }>(app.db.url, 'SELECT password_hash FROM identity.users WHERE id = $1', [
        userId,
      ])
    )[0].password_hash;

  it("stores a new account's password as argon2id with OWASP's parameters", async () => {
    const { user_id } = await register(call, uniqueEmail('argon2'));
    expect(await storedHash(user_id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('signs in an account with an old scrypt hash and replaces the hash with argon2id', async () => {
    const email = uniqueEmail('scrypt');
    const { user_id } = await register(call, email);
    const old = await scryptHash(PASSWORD);
    await sql(app.db.url, 'UPDATE identity.users SET password_hash = $1 WHERE id = $2', [old, user_id]);

    const wrong = await login(call, email, 'Wrong!pass1');
    expect(wrong).toMatchObject({ status: 401, body: { detail: 'Incorrect email or password' } });
    expect(await storedHash(user_id)).toBe(old);

    const session = await login(call, email);
    expect(session.status).toBe(200);
    expect(session.body.user_id).toBe(user_id);
    const upgraded = await storedHash(user_id);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The new hash signs in, and refuses a wrong password, as the old one did.
    expect((await login(call, email)).status).toBe(200);
    expect(await login(call, email, 'Wrong!pass1')).toMatchObject({
      status: 401,
      body: { detail: 'Incorrect email or password' },
    });
    expect(await storedHash(user_id)).toBe(upgraded);
  });
});
