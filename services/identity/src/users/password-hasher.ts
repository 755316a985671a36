import { clientKey } from '@portal/http';
import { HttpException, HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from '@node-rs/argon2';
import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/** argon2id's parameters: memory in KiB, passes, lanes. */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's argon2id recommendation (m=19 MiB, t=2, p=1): about 16 ms per hash on one core
 * here, against a quarter second for the scrypt it replaces, in the same security class.
 */
export const ARGON2_PARAMS: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Algorithm.Argon2id: a const enum of the package's types, with no runtime value to import. */
const ARGON2ID = 2 as argon2.Algorithm;

// Bounds on what a stored hash may ask for, so a corrupt row cannot make us allocate gigabytes.
const MAX_ARGON2_MEMORY_KIB = 256 * 1024;
const MAX_ARGON2_TIME = 16;
const MAX_ARGON2_LANES = 16;

export interface ScryptParams {
  /** CPU/memory cost (a power of two). */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
  saltLength: number;
  keyLength: number;
}

/**
 * What passwords were hashed with before argon2id (OWASP's scrypt, N=2^15, r=8, p=3). Such
 * hashes still verify, and are replaced with argon2id at the next successful sign-in.
 */
export const LEGACY_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3, saltLength: 16, keyLength: 64 };

const SCRYPT_PREFIX = 'scrypt';
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

export interface ParsedScryptHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

export interface PasswordCheck {
  valid: boolean;
  /** Valid, but not stored as argon2id with the current parameters: store a new hash. */
  needsRehash: boolean;
}

const INVALID: PasswordCheck = { valid: false, needsRehash: false };

/** Equivalent Unicode forms of a password are the same password. */
const normalized = (password: string) => password.normalize('NFKC');

function deriveScrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * r * (N + p + 2) bytes; Node's default limit (32 MiB) is just below that.
    maxmem: 128 * params.r * (params.N + params.p + 2) + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(normalized(password), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`, the format before argon2id. */
export function formatScryptHash(parsed: ParsedScryptHash): string {
  const { N, r, p } = parsed.params;
  return [SCRYPT_PREFIX, N, r, p, parsed.salt.toString('base64'), parsed.hash.toString('base64')].join('$');
}

/** Undefined for anything that is not a well-formed scrypt hash. */
export function parseScryptHash(stored: string): ParsedScryptHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCRYPT_PREFIX) return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : NaN));
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (!base64.test(parts[4]) || !base64.test(parts[5])) return undefined;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length < 8 || hash.length < 16) return undefined;
  return { params: { N, r, p, saltLength: salt.length, keyLength: hash.length }, salt, hash };
}

/** A hash in the old scrypt format (what accounts made before argon2id have; tests and the bench make them). */
export async function scryptHash(password: string, params: ScryptParams = LEGACY_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(params.saltLength);
  return formatScryptHash({ params, salt, hash: await deriveScrypt(password, salt, params) });
}

/** An argon2id hash in the PHC string format (`$argon2id$v=19$m=...,t=...,p=...$salt$hash`), off the event loop. */
export function hashPassword(password: string, params: Argon2Params = ARGON2_PARAMS): Promise<string> {
  return argon2.hash(normalized(password), { ...params, algorithm: ARGON2ID });
}

/** The parameters of a well-formed argon2id hash within bounds; undefined for anything else. */
function argon2Params(stored: string): Argon2Params | undefined {
  if (!stored.startsWith('$argon2id$')) return undefined;
  try {
    const { algorithm, memoryCost, timeCost, parallelism, outputLen } = argon2.parseOptions(stored);
    const inBounds =
      algorithm === ARGON2ID &&
      memoryCost <= MAX_ARGON2_MEMORY_KIB &&
      timeCost <= MAX_ARGON2_TIME &&
      parallelism <= MAX_ARGON2_LANES &&
      outputLen >= 16;
    return inBounds ? { memoryCost, timeCost, parallelism } : undefined;
  } catch {
    return undefined;
  }
}

const sameParams = (a: Argon2Params, b: Argon2Params) =>
  a.memoryCost === b.memoryCost && a.timeCost === b.timeCost && a.parallelism === b.parallelism;

/**
 * Checks a password against a stored argon2id or (older) scrypt hash. A valid scrypt hash,
 * or an argon2id one with other parameters than `current`, asks for a rehash. Anything
 * else (malformed, out of bounds) is a wrong password.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  current: Argon2Params = ARGON2_PARAMS,
): Promise<PasswordCheck> {
  const params = argon2Params(stored);
  if (params) {
    const valid = await argon2.verify(stored, normalized(password)).catch(() => false);
    return { valid, needsRehash: valid && !sameParams(params, current) };
  }
  const legacy = parseScryptHash(stored);
  if (!legacy) return INVALID;
  const candidate = await deriveScrypt(password, legacy.salt, legacy.params);
  const valid = timingSafeEqual(candidate, legacy.hash);
  return { valid, needsRehash: valid };
}

/** 429: a second sign-in of one client while its first is still being checked, or a full queue. */
export class SignInBusyException extends HttpException {
  static readonly IN_PROGRESS = 'A sign-in from your address is already in progress. Please try again in a moment.';
  static readonly QUEUE_FULL = 'Too many sign-ins right now. Please try again in a few seconds.';

  constructor(
    detail: string,
    /** Read by the exception filter: the Retry-After header. */
    readonly retryAfterSeconds: number,
  ) {
    super({ detail }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Hashes computing at once, at most: one per core, so a flood of them cannot take every core. */
const HASH_SLOTS = availableParallelism();
/** Checks waiting for a slot, at most (one per client): beyond it a sign-in is told to come back. */
const MAX_WAITING = 64 * HASH_SLOTS;

/** A counting semaphore whose waiters are served in arrival order. */
class HashSlots {
  private free: number;
  private readonly queue: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/**
 * Password hashing as a provider, fair under a password-guessing flood. Every hash runs in
 * libuv's thread pool (the napi async API of @node-rs/argon2, and Node's async scrypt), never
 * on the event loop, and at most one per core at once, first come first served. A sign-in
 * names its client (the address): while one check of a client is waiting or computing, a
 * second is answered 429 at once, so each client holds at most one place in the queue and
 * a legitimate sign-in waits behind at most one check per other client, whatever they send.
 * (Per process: across replicas the Redis rate limits bound each client.)
 *
 * When no account matches an e-mail, a dummy argon2id hash with the current parameters is
 * verified: such a sign-in costs what a wrong password costs, and timing does not tell
 * whether an account exists. (An account still holding an old scrypt hash costs more until
 * its next successful sign-in replaces the hash.)
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: string | undefined;
  private readonly slots = new HashSlots(HASH_SLOTS);
  private readonly clientsChecking = new Set<string>();

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hashPassword(randomBytes(24).toString('base64'));
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => hashPassword(password));
  }

  verify(password: string, stored: string, client?: string): Promise<PasswordCheck> {
    return this.forClient(client, () => verifyPassword(password, stored));
  }

  /** The same work as verify() of an argon2id hash, for an account that does not exist; always invalid. */
  verifyNothing(password: string, client?: string): Promise<PasswordCheck> {
    return this.forClient(client, async () => {
      this.dummyHash ??= await hashPassword(randomBytes(24).toString('base64'));
      await verifyPassword(password, this.dummyHash);
      return INVALID;
    });
  }

  private async forClient<T>(address: string | undefined, work: () => Promise<T>): Promise<T> {
    if (address === undefined) return this.slots.run(work);
    // The addresses of one IPv6 /64 are one client (see clientKey).
    const client = clientKey(address);
    if (this.clientsChecking.has(client)) throw new SignInBusyException(SignInBusyException.IN_PROGRESS, 1);
    if (this.slots.waiting >= MAX_WAITING) throw new SignInBusyException(SignInBusyException.QUEUE_FULL, 2);
    this.clientsChecking.add(client);
    try {
      return await this.slots.run(work);
    } finally {
      this.clientsChecking.delete(client);
    }
  }
}
