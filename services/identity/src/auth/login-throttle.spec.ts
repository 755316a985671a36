import type { AppConfig } from '@portal/config';
import type { RedisConnections } from '@portal/events';
import { RateLimiter, TooManyRequestsException } from '@portal/http';
import { LoginThrottle, SignInAttempt, slowdownSeconds } from './login-throttle';

describe('slowdownSeconds', () => {
  it('is nothing below 10 wrong passwords, then 2 s doubling every 10 more, at most a minute', () => {
    expect([0, 9].map(slowdownSeconds)).toEqual([0, 0]);
    expect([10, 19, 20, 30, 40, 50, 60, 1000].map(slowdownSeconds)).toEqual([2, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('LoginThrottle', () => {
  const ACCOUNT = 'client@example.com';
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  /** The real limiter on in-memory counters (no Redis connection). */
  const throttle = () =>
    new LoginThrottle(
      new RateLimiter({ REDIS_PREFIX: 'test' } as AppConfig, { commands: undefined } as unknown as RedisConnections),
    );

  /** Runs the attempts (all at once, or one after another); how many were admitted, and their outcomes. */
  async function attempts(
    ips: string[],
    { together, outcome }: { together: boolean; outcome: (attempt: SignInAttempt) => Promise<unknown> },
  ) {
    const subject = throttle();
    const one = (ip: string) =>
      subject.attempt(ACCOUNT, ip, async (attempt) => {
        await pause(); // the password or code check takes a moment
        return outcome(attempt);
      });
    const settled: PromiseSettledResult<unknown>[] = [];
    if (together) settled.push(...(await Promise.allSettled(ips.map(one))));
    else for (const ip of ips) settled.push(...(await Promise.allSettled([one(ip)])));
    const refused = settled.filter(
      (result) => result.status === 'rejected' && result.reason instanceof TooManyRequestsException,
    ).length;
    return { admitted: ips.length - refused, settled };
  }
  const fail = async (attempt: SignInAttempt) => {
    if (attempt.failed()) return 'locked';
    throw new Error('wrong password');
  };
  const addresses = (count: number) => Array.from({ length: count }, (_, index) => `198.51.100.${index + 1}`);

  it("refuses with the address's limit first when both refuse, whichever answer comes first", async () => {
    const later = <T>(settle: () => Promise<T>) => new Promise<void>((resolve) => setTimeout(resolve, 20)).then(settle);
    const limiter = {
      consume: jest.fn(() => later(() => Promise.reject(new TooManyRequestsException(60)))),
      record: jest.fn(() => Promise.resolve(6)),
      check: jest.fn(() => Promise.reject(new TooManyRequestsException(900))),
      count: jest.fn(() => Promise.resolve(0)),
      refund: jest.fn(() => Promise.resolve()),
    };
    const subject = new LoginThrottle(limiter as unknown as RateLimiter);

    await expect(subject.attempt(ACCOUNT, '203.0.113.7', async () => 'never')).rejects.toMatchObject({
      retryAfterSeconds: 60,
    });
    // The three went out together; the two counted ahead were given back.
    expect([limiter.consume, limiter.record].map((call) => call.mock.calls.length)).toEqual([1, 2]);
    expect(limiter.refund).toHaveBeenCalledTimes(2);
  });

  it('admits no more of a burst of wrong passwords from many addresses than of the same sent one after another', async () => {
    // Thirty: the burst's last ten are counted at the slowdown's next step (4 s), which shares the 2 s
    // step's window, in memory as in Redis.
    const ips = addresses(30);
    const oneByOne = await attempts(ips, { together: false, outcome: fail });
    const burst = await attempts(ips, { together: true, outcome: fail });

    // Ten, then one per 2 s for the account from addresses it does not know.
    expect(oneByOne.admitted).toBe(11);
    expect(burst.admitted).toBe(oneByOne.admitted);
  });

  it('locks one address out of the account at its fifth wrong password, even when they arrive together', async () => {
    const ips = Array<string>(9).fill('203.0.113.9');
    const burst = await attempts(ips, { together: true, outcome: fail });

    expect(burst.admitted).toBe(5);
    // The lockout is recorded once: by the failure that reached the limit.
    expect(burst.settled.filter((result) => result.status === 'fulfilled' && result.value === 'locked')).toHaveLength(
      1,
    );
  });

  it('takes the addresses of one IPv6 /64 as one address: changing the last 64 bits does not get around the lockout', async () => {
    const ips = Array.from({ length: 9 }, (_, index) => `2001:db8:7:9::${(index + 1).toString(16)}`);
    const oneAfterAnother = await attempts(ips, { together: false, outcome: fail });

    expect(oneAfterAnother.admitted).toBe(5);
  });

  it('counts neither a right password nor an attempt ended by an error as a failure, once it is over', async () => {
    const right = await attempts(addresses(30), { together: false, outcome: (attempt) => attempt.passed() });
    expect(right.admitted).toBe(30);
    const signedIn = await attempts(addresses(30), { together: false, outcome: (attempt) => attempt.succeeded() });
    expect(signedIn.admitted).toBe(30);
    const broken = await attempts(Array<string>(9).fill('203.0.113.10'), {
      together: false,
      outcome: async () => {
        throw new Error('database down');
      },
    });
    expect(broken.admitted).toBe(9);
  });
});
