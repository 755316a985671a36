import * as argon2 from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import {
  ARGON2_PARAMS,
  formatScryptHash,
  hashPassword,
  LEGACY_SCRYPT_PARAMS,
  parseScryptHash,
  PasswordHasher,
  scryptHash,
  SignInBusyException,
  verifyPassword,
} from './password-hasher';

// The real functions, watched: what a check computes is asserted, never how long it takes.
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  return { ...actual, hash: jest.fn(actual.hash), verify: jest.fn(actual.verify) };
});
const argon2Verify = argon2.verify as jest.MockedFunction<typeof argon2.verify>;

// Cheaper parameters keep the suite fast where the cost itself is not under test.
const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1, saltLength: 16, keyLength: 64 };
const FAST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

afterEach(() => jest.clearAllMocks());

describe('password hashing (argon2id)', () => {
  it("stores OWASP's argon2id parameters with the salt and hash", async () => {
    const stored = await hashPassword('S3cure!pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(argon2.parseOptions(stored)).toMatchObject({ ...ARGON2_PARAMS, algorithm: 2 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('S3cure!pass');
    expect(await verifyPassword('S3cure!pass', stored)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword('S3cure!pasS', stored)).toEqual({ valid: false, needsRehash: false });
    expect(await verifyPassword('', stored)).toEqual({ valid: false, needsRehash: false });
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', FAST_ARGON2)).not.toBe(await hashPassword('same', FAST_ARGON2));
  });

  it('asks for a rehash when a valid password was stored with other argon2id parameters', async () => {
    const old = await hashPassword('S3cure!pass', FAST_ARGON2);
    expect(await verifyPassword('S3cure!pass', old)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword('wrong!1', old)).toEqual({ valid: false, needsRehash: false });
    expect(await verifyPassword('S3cure!pass', old, FAST_ARGON2)).toEqual({ valid: true, needsRehash: false });
  });

  it('treats equivalent Unicode forms of a password as the same password', async () => {
    const stored = await hashPassword('Caf\u00e9!2024', FAST_ARGON2);
    expect((await verifyPassword('Cafe\u0301!2024', stored, FAST_ARGON2)).valid).toBe(true);
  });

  it.each([
    ['argon2i', '$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGg'],
    [
      'memory out of bounds',
      '$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGg',
    ],
    ['not a PHC string', '$argon2id$garbage'],
  ])(
    'refuses a malformed or unbounded argon2 hash (%s) as a wrong password, computing nothing',
    async (_case, stored) => {
      expect(await verifyPassword('anything', stored)).toEqual({ valid: false, needsRehash: false });
      expect(argon2Verify).not.toHaveBeenCalled();
    },
  );
});

describe('older scrypt hashes', () => {
  it('still verify, and always ask to be replaced by argon2id', async () => {
    const old = await scryptHash('S3cure!pass', FAST_SCRYPT);
    expect(old.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('S3cure!pass', old)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword('wrong!1', old)).toEqual({ valid: false, needsRehash: false });
  });

  it('verify in the format the app stored (OWASP scrypt, N=2^15, r=8, p=3)', async () => {
    const old = await scryptHash('S3cure!pass');
    expect(old).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(parseScryptHash(old)?.params).toEqual(LEGACY_SCRYPT_PARAMS);
    expect(await verifyPassword('S3cure!pass', old)).toEqual({ valid: true, needsRehash: true });
  });

  it('parse and format back unchanged', async () => {
    const stored = await scryptHash('x', FAST_SCRYPT);
    const parsed = parseScryptHash(stored)!;
    expect(parsed.params).toEqual(FAST_SCRYPT);
    expect(formatScryptHash(parsed)).toBe(stored);
  });

  it('treat equivalent Unicode forms of a password as the same password', async () => {
    const stored = await scryptHash('Caf\u00e9!2024', FAST_SCRYPT);
    expect((await verifyPassword('Cafe\u0301!2024', stored)).valid).toBe(true);
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['too few parts', 'scrypt$32768$8$3$c2FsdA=='],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['N too large', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==`],
    ['r out of range', 'scrypt$1024$0$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['not base64', 'scrypt$1024$8$1$!!!$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['empty', ''],
  ])('refuse a malformed stored hash (%s) as a wrong password', async (_case, stored) => {
    expect(parseScryptHash(stored)).toBeUndefined();
    expect(await verifyPassword('anything', stored)).toEqual({ valid: false, needsRehash: false });
  });
});

describe('PasswordHasher', () => {
  it('verifies a dummy argon2id hash with the current parameters for unknown accounts, and never succeeds', async () => {
    const hasher = new PasswordHasher();
    await hasher.onModuleInit();
    expect(await hasher.verifyNothing('S3cure!pass', '10.0.0.1')).toEqual({ valid: false, needsRehash: false });
    // The very work of verify() on an account's argon2id hash: one argon2id verification, same parameters.
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    const [dummy, password] = argon2Verify.mock.calls[0];
    expect(password).toBe('S3cure!pass');
    expect(argon2.parseOptions(dummy as string)).toMatchObject({ ...ARGON2_PARAMS, algorithm: 2 });
  });

  describe('under many sign-ins at once', () => {
    /** Verifications that wait until let go, in the order they started. */
    let held: Array<() => void>;
    let hasher: PasswordHasher;
    let stored: string;

    beforeAll(async () => {
      stored = await hashPassword('S3cure!pass');
    });

    beforeEach(async () => {
      held = [];
      hasher = new PasswordHasher();
      await hasher.onModuleInit();
      const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
      argon2Verify.mockImplementation(async (...args) => {
        await new Promise<void>((resolve) => held.push(resolve));
        return actual.verify(...args);
      });
    });

    afterEach(() => argon2Verify.mockImplementation(jest.requireActual('@node-rs/argon2').verify));

    const started = async (count: number) => {
      while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
    };

    it('answers a second sign-in of the same address 429 at once, with a detail and Retry-After', async () => {
      const first = hasher.verify('S3cure!pass', stored, '10.0.0.1');
      await started(1);
      const second = hasher.verify('S3cure!pass', stored, '10.0.0.1');
      await expect(second).rejects.toBeInstanceOf(SignInBusyException);
      await expect(second).rejects.toMatchObject({
        status: 429,
        retryAfterSeconds: 1,
        response: { detail: 'A sign-in from your address is already in progress. Please try again in a moment.' },
      });
      const unknown = hasher.verifyNothing('Wrong!pass1', '10.0.0.1');
      await expect(unknown).rejects.toBeInstanceOf(SignInBusyException);

      held.shift()!();
      expect(await first).toEqual({ valid: true, needsRehash: false });
      // Once the first is done, the address may sign in again.
      const again = hasher.verify('S3cure!pass', stored, '10.0.0.1');
      await started(1);
      held.shift()!();
      expect(await again).toEqual({ valid: true, needsRehash: false });
    });

    it('takes the addresses of one IPv6 /64 as one client (settings and two-factor checks too)', async () => {
      const first = hasher.verify('S3cure!pass', stored, '2001:db8:5:6::1');
      await started(1);
      await expect(hasher.verifyNothing('Wrong!pass1', '2001:db8:5:6::2')).rejects.toBeInstanceOf(SignInBusyException);
      held.shift()!();
      expect(await first).toEqual({ valid: true, needsRehash: false });
    });

    it('lets another address in meanwhile, in turn', async () => {
      const first = hasher.verify('S3cure!pass', stored, '10.0.0.1');
      const other = hasher.verify('Wrong!pass1', stored, '10.0.0.2');
      await started(2);
      for (const release of held.splice(0)) release();
      expect(await first).toEqual({ valid: true, needsRehash: false });
      expect(await other).toEqual({ valid: false, needsRehash: false });
    });

    it('computes at most one hash per core at once; the others wait their turn in arrival order', async () => {
      const cores = availableParallelism();
      const passwords = Array.from({ length: cores + 2 }, (_, index) => `Guess${index}!`);
      const checks = Promise.all(
        passwords.map((password, index) => hasher.verify(password, stored, `10.0.1.${index}`)),
      );
      // Every check above has asked for a slot already (synchronously): only `cores` got one.
      await started(cores);
      expect(held).toHaveLength(cores);

      held.shift()!();
      await started(cores);
      expect(argon2Verify).toHaveBeenCalledTimes(cores + 1);

      let done = false;
      void checks.finally(() => (done = true));
      while (!done) {
        for (const release of held.splice(0)) release();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await checks).toEqual(passwords.map(() => ({ valid: false, needsRehash: false })));
      expect(argon2Verify.mock.calls.map(([, password]) => password)).toEqual(passwords);
    });
  });
});
