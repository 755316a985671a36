import { Injectable } from '@nestjs/common';
import { clientKey, RateLimiter } from '@portal/http';
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
 *
 * An attempt counts as a failure from the moment it is admitted until it is settled otherwise
 * (see SignInAttempt): attempts in flight at once see each other, so a burst sent together gets
 * no further than the same attempts sent one after another.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Admits one attempt on `account` from `ip` and runs `work` with it; throws
   * TooManyRequestsException when this attempt must wait. `work` settles the attempt (failed,
   * passed or succeeded); one that ends without doing so — an error before the credentials were
   * judged — is not counted as a failure.
   */
  async attempt<T>(account: string, ip: string, work: (attempt: SignInAttempt) => Promise<T>): Promise<T> {
    // Addresses of one IPv6 /64 count as one client (see clientKey).
    const attempt = await this.admit(account, clientKey(ip));
    try {
      return await work(attempt);
    } finally {
      await attempt.withdraw();
    }
  }

  /** A password reset from this address: its wrong passwords for the account are forgiven. */
  async forgive(account: string, ip: string): Promise<void> {
    await this.limiter.reset(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, clientKey(ip)));
  }

  private async admit(account: string, ip: string): Promise<SignInAttempt> {
    // One round trip to Redis for the three (they go out together), not three in turn; a refusal is the
    // first in this order whichever answer settles first. The two failure counters count this attempt
    // ahead: the counts are those of the attempts before it, finished or in flight.
    const [perIp, fromAddress, onAccount] = await Promise.allSettled([
      this.limiter.consume(RATE_LIMITS.loginPerIp, ip),
      this.limiter.record(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip)),
      this.limiter.record(RATE_LIMITS.loginFailuresPerAccount, account),
    ]);
    const attempt = new SignInAttempt(this.limiter, account, ip, {
      fromAddress: fromAddress.status === 'fulfilled' ? fromAddress.value : undefined,
      onAccount: onAccount.status === 'fulfilled',
    });
    try {
      for (const answer of [perIp, fromAddress, onAccount]) if (answer.status === 'rejected') throw answer.reason;
      if (attempt.wrongFromAddress > RATE_LIMITS.loginFailuresPerAccountAndIp.points) {
        // Locked out: refused with the wait of the counter's window.
        await this.limiter.check(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(account, ip));
      }
      const delay = slowdownSeconds((onAccount as PromiseFulfilledResult<number>).value - 1);
      if (delay && !(await this.isFamiliar(account, ip))) {
        // One attempt per `delay` seconds for the account, from all unfamiliar addresses together. A
        // window opened at a shorter delay still ends at its own time, then the longer one applies.
        await this.limiter.consume(RATE_LIMITS.loginAccountSlowdown, account, delay);
      }
    } catch (refusal) {
      await attempt.withdraw();
      throw refusal;
    }
    return attempt;
  }

  private async isFamiliar(account: string, ip: string): Promise<boolean> {
    return (await this.limiter.count(RATE_LIMITS.loginFamiliarAddress, pair(account, ip))) > 0;
  }
}

/** An admitted attempt, counted as a failure until it is settled otherwise. */
export class SignInAttempt {
  private settled = false;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly account: string,
    private readonly ip: string,
    private readonly counted: { fromAddress: number | undefined; onAccount: boolean },
  ) {}

  /** Wrong attempts of this address on the account in the window, this one included. */
  get wrongFromAddress(): number {
    return this.counted.fromAddress ?? 0;
  }

  /**
   * A wrong password (or no such account), or a wrong second-factor code: it stays counted. True
   * when this failure locked the address out of the account (the one that reached the limit).
   */
  failed(): boolean {
    this.settled = true;
    return this.wrongFromAddress === RATE_LIMITS.loginFailuresPerAccountAndIp.points;
  }

  /** Right, but not a sign-in (the password step before the code, a check in the settings): not a failure. */
  async passed(): Promise<void> {
    await this.withdraw();
  }

  /** A completed sign-in (password, and code when two-factor is on): the address is known to the account from now on. */
  async succeeded(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    const key = pair(this.account, this.ip);
    await Promise.all([
      this.limiter.reset(RATE_LIMITS.loginFailuresPerAccountAndIp, key),
      this.counted.onAccount && this.limiter.refund(RATE_LIMITS.loginFailuresPerAccount, this.account),
      this.limiter.record(RATE_LIMITS.loginFamiliarAddress, key),
    ]);
  }

  /** Not a failure after all: the counts taken ahead are given back (once; nothing once settled). */
  async withdraw(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await Promise.all([
      this.counted.fromAddress !== undefined &&
        this.limiter.refund(RATE_LIMITS.loginFailuresPerAccountAndIp, pair(this.account, this.ip)),
      this.counted.onAccount && this.limiter.refund(RATE_LIMITS.loginFailuresPerAccount, this.account),
    ]);
  }
}

const pair = (account: string, ip: string) => `${account}|${ip}`;
