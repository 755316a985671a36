import { Injectable } from '@nestjs/common';
import { NamedRateLimit, RateLimiter } from '@portal/http';
import { RATE_LIMITS } from '../common/rate-limits';

/** Wrong passwords for an account (from all addresses, in an hour) before it is slowed down. */
export const SLOWDOWN_AFTER_FAILURES = 10;
const FIRST_DELAY_SECONDS = 2;
const MAX_DELAY_SECONDS = 60;

/**
 * Seconds between two attempts on an account from addresses it does not know, after
 * `failures` wrong passwords: 2 s from the 10th, doubling every 10 more, at most a minute.
 */
export function slowdownSeconds(failures: number): number {
  if (failures < SLOWDOWN_AFTER_FAILURES) return 0;
  const doublings = Math.floor((failures - SLOWDOWN_AFTER_FAILURES) / 10);
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(doublings, 10));
}

/**
 * Brute-force protection of sign-in without letting anyone lock an account:
 *
 * - per address, 10 attempts a minute, whatever the accounts;
 * - per account and address, 5 wrong passwords in 15 minutes lock that address out of that
 *   account (429 with Retry-After), not the account itself;
 * - per account, from the 10th wrong password in an hour (from anywhere), addresses that have
 *   not signed in to it in the last 30 days may try it once every 2 s, doubling every 10 more
 *   failures up to once a minute (429 with a Retry-After of seconds); addresses that have signed
 *   in to it are never slowed down.
 *
 * So a flood from many addresses slows an account down, and the owner still gets in: at once
 * from an address they signed in from before, otherwise after at most the Retry-After.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Before the password is checked: throws TooManyRequestsException when this attempt must wait. */
  async admit(account: string, ip: string): Promise<void> {
    // One round trip to Redis for the three (they go out together), not three in turn; a refusal is the
    // first in this order whichever answer settles first, as when they ran one after another.
    const [perIp, perAccountAndIp, counted] = await Promise.allSettled([
      this.limiter.consume(RATE_LIMITS.loginPerIp, ip),
      this.limiter.check(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip)),
      this.limiter.count(RATE_LIMITS.loginFailuresPerAccount, account),
    ]);
    for (const refusal of [perIp, perAccountAndIp]) if (refusal.status === 'rejected') throw refusal.reason;
    if (counted.status === 'rejected') throw counted.reason;
    const failures = counted.value;
    const delay = slowdownSeconds(failures);
    if (delay && !(await this.isFamiliar(account, ip))) {
      // One attempt per `delay` seconds for the account, from all unfamiliar addresses together.
      await this.limiter.consume(slowdownLimit(delay), account);
    }
  }

  /**
   * A wrong password (or no such account), or a wrong second-factor code: they count alike.
   * True when this failure locked the address out of the account (the one that reached the limit).
   */
  async failed(account: string, ip: string): Promise<boolean> {
    const [failures] = await Promise.all([
      this.limiter.record(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip)),
      this.limiter.record(RATE_LIMITS.loginFailuresPerAccount, account),
    ]);
    return failures === RATE_LIMITS.loginFailuresPerAccountAndIp.points;
  }

  /** A completed sign-in (password, and code when two-factor is on): the address is known to the account from now on. */
  async succeeded(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.limiter.reset(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip)),
      this.limiter.record(RATE_LIMITS.loginFamiliarAddress, pair(account, ip)),
    ]);
  }

  /** A password reset from this address: its wrong passwords for the account are forgiven. */
  async forgive(account: string, ip: string): Promise<void> {
    await this.limiter.reset(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip));
  }

  private async isFamiliar(account: string, ip: string): Promise<boolean> {
    return (await this.limiter.count(RATE_LIMITS.loginFamiliarAddress, pair(account, ip))) > 0;
  }
}

const pair = (account: string, ip: string) => `${account}|${ip}`;

/**
 * One point per window of `seconds`: a window started at a shorter delay still runs out at its
 * own time (the counter keeps the expiry it was created with), then the longer one applies.
 */
function slowdownLimit(seconds: number): NamedRateLimit {
  return { name: 'identity:login:account-slowdown', points: 1, durationSeconds: seconds };
}
