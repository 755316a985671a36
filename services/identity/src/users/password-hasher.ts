import { Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

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

/** OWASP's scrypt recommendation (N=2^15, r=8, p=3): about 32 MiB and a quarter second per hash. */
export const CURRENT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3, saltLength: 16, keyLength: 64 };

const PREFIX = 'scrypt';
// Bounds on what a stored hash may ask for, so a corrupt row cannot make us allocate gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

export interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

export interface PasswordCheck {
  valid: boolean;
  /** Valid, but hashed with other parameters than the current ones: store a new hash. */
  needsRehash: boolean;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * r * (N + p + 2) bytes; Node's default limit (32 MiB) is just below that.
    maxmem: 128 * params.r * (params.N + params.p + 2) + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`: the parameters travel with the hash, so they can change. */
export function formatHash(parsed: ParsedHash): string {
  const { N, r, p } = parsed.params;
  return [PREFIX, N, r, p, parsed.salt.toString('base64'), parsed.hash.toString('base64')].join('$');
}

/** Undefined for anything that is not a well-formed hash of this format. */
export function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
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

export async function hashPassword(password: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(params.saltLength);
  return formatHash({ params, salt, hash: await derive(password, salt, params) });
}

function sameParams(a: ScryptParams, b: ScryptParams): boolean {
  return a.N === b.N && a.r === b.r && a.p === b.p && a.saltLength === b.saltLength && a.keyLength === b.keyLength;
}

export async function verifyPassword(
  password: string,
  stored: string,
  current: ScryptParams = CURRENT_SCRYPT_PARAMS,
): Promise<PasswordCheck> {
  const parsed = parseHash(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  const candidate = await derive(password, parsed.salt, parsed.params);
  const valid = timingSafeEqual(candidate, parsed.hash);
  return { valid, needsRehash: valid && !sameParams(parsed.params, current) };
}

/**
 * Hashing as a provider, with a dummy hash to verify against when no account matches an
 * e-mail: a sign-in for an unknown address then costs what a wrong password costs.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: string | undefined;

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hashPassword(randomBytes(24).toString('base64'));
  }

  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  verify(password: string, stored: string): Promise<PasswordCheck> {
    return verifyPassword(password, stored);
  }

  /** The same work as verify(), for an account that does not exist; always invalid. */
  async verifyNothing(password: string): Promise<PasswordCheck> {
    this.dummyHash ??= await hashPassword(randomBytes(24).toString('base64'));
    await verifyPassword(password, this.dummyHash);
    return { valid: false, needsRehash: false };
  }
}
