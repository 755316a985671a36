import type { NamedRateLimit } from '@portal/http';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the identity service, in one place. `ip` limits are keyed by the client
 * (@portal/http's clientKey of request.ip, the gateway's view or the trusted X-Forwarded-For chain with
 * TRUST_PROXY: an IPv6 client by its /64);
 * `account` limits by the normalized e-mail, whether or not such an account exists.
 */
export const RATE_LIMITS = {
  loginPerIp: { name: 'identity:login:ip', points: 10, durationSeconds: MINUTE },
  /**
   * Wrong passwords for one account from one address (key `account|ip`): the fifth locks that
   * address out of that account, never the account. Reset by a correct password or a password
   * reset from that address.
   */
  loginFailuresPerAccountAndIp: { name: 'identity:login:account-ip', points: 5, durationSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from anywhere: counted only, they decide the slowdown (LoginThrottle). */
  loginFailuresPerAccount: { name: 'identity:login:account-failures', points: 1_000_000, durationSeconds: HOUR },
  /**
   * One attempt per window for an account slowed down by its failures, from all the addresses it does not
   * know together; the window's length (2 s to this minute) is set by LoginThrottle at each attempt.
   */
  loginAccountSlowdown: { name: 'identity:login:account-slowdown', points: 1, durationSeconds: MINUTE },
  /** Addresses that signed in to an account (key `account|ip`): never slowed down for it. */
  loginFamiliarAddress: { name: 'identity:login:familiar', points: 1_000_000, durationSeconds: 30 * 24 * HOUR },
  /**
   * Wrong second-factor codes for one account (key: its id) from anywhere, in a day: at the limit its
   * six-digit codes are refused for the rest of the window (WrongCodes).
   */
  wrongCodesPerAccount: { name: 'identity:two-factor:wrong-codes', points: 10, durationSeconds: 24 * HOUR },
  registerPerIp: { name: 'identity:register:ip', points: 5, durationSeconds: HOUR },
  verifyRequestPerAccount: { name: 'identity:verify-request:account', points: 5, durationSeconds: HOUR },
  verifyRequestPerIp: { name: 'identity:verify-request:ip', points: 20, durationSeconds: HOUR },
  forgotPasswordPerAccount: { name: 'identity:forgot-password:account', points: 5, durationSeconds: HOUR },
  forgotPasswordPerIp: { name: 'identity:forgot-password:ip', points: 20, durationSeconds: HOUR },
  /** The status answer tells verified accounts apart: no bulk lookups. */
  verifyStatusPerIp: { name: 'identity:verify-status:ip', points: 60, durationSeconds: MINUTE },
} as const satisfies Record<string, NamedRateLimit>;
