import {
  CURRENT_SCRYPT_PARAMS,
  formatHash,
  hashPassword,
  parseHash,
  PasswordHasher,
  verifyPassword,
} from './password-hasher';

// Cheaper parameters keep the suite fast where the cost itself is not under test.
const FAST = { N: 2 ** 10, r: 8, p: 1, saltLength: 16, keyLength: 64 };

describe('password hashing (scrypt)', () => {
  it('stores the current OWASP parameters with the salt and hash', async () => {
    const stored = await hashPassword('S3cure!pass');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(parseHash(stored)?.params).toEqual(CURRENT_SCRYPT_PARAMS);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('S3cure!pass');
    expect(await verifyPassword('S3cure!pass', stored)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword('S3cure!pasS', stored)).toEqual({ valid: false, needsRehash: false });
    expect(await verifyPassword('', stored)).toEqual({ valid: false, needsRehash: false });
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', FAST)).not.toBe(await hashPassword('same', FAST));
  });

  it('asks for a rehash when a valid password was stored with other parameters', async () => {
    const old = await hashPassword('S3cure!pass', FAST);
    expect(old.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('S3cure!pass', old)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword('wrong!1', old)).toEqual({ valid: false, needsRehash: false });
    expect(await verifyPassword('S3cure!pass', old, FAST)).toEqual({ valid: true, needsRehash: false });
  });

  it('parses the parameter string and formats it back unchanged', async () => {
    const stored = await hashPassword('x', FAST);
    const parsed = parseHash(stored)!;
    expect(parsed.params).toEqual(FAST);
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(64);
    expect(formatHash(parsed)).toBe(stored);
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['too few parts', 'scrypt$32768$8$3$c2FsdA=='],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['N too large', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==`],
    ['r out of range', 'scrypt$1024$0$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['not base64', 'scrypt$1024$8$1$!!!$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['empty', ''],
  ])('refuses a malformed stored hash (%s) as a wrong password', async (_case, stored) => {
    expect(parseHash(stored)).toBeUndefined();
    expect(await verifyPassword('anything', stored)).toEqual({ valid: false, needsRehash: false });
  });

  it('treats equivalent Unicode forms of a password as the same password', async () => {
    const stored = await hashPassword('Caf\u00e9!2024', FAST);
    expect((await verifyPassword('Cafe\u0301!2024', stored, FAST)).valid).toBe(true);
  });

  it('does the work of a verification for unknown accounts, and never succeeds', async () => {
    const hasher = new PasswordHasher();
    await hasher.onModuleInit();
    expect(await hasher.verifyNothing('S3cure!pass')).toEqual({ valid: false, needsRehash: false });
  });
});
