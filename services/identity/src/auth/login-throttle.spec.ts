import { RateLimiter, TooManyRequestsException } from '@portal/http';
import { LoginThrottle, slowdownSeconds } from './login-throttle';

describe('slowdownSeconds', () => {
  it('is nothing below 10 wrong passwords, then 2 s doubling every 10 more, at most a minute', () => {
    expect([0, 9].map(slowdownSeconds)).toEqual([0, 0]);
    expect([10, 19, 20, 30, 40, 50, 60, 1000].map(slowdownSeconds)).toEqual([2, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('LoginThrottle.admit', () => {
  it("refuses with the address's limit first when both refuse, whichever answer comes first", async () => {
    const later = <T>(settle: () => Promise<T>) => new Promise<void>((resolve) => setTimeout(resolve, 20)).then(settle);
    const limiter = {
      consume: jest.fn(() => later(() => Promise.reject(new TooManyRequestsException(60)))),
      check: jest.fn(() => Promise.reject(new TooManyRequestsException(900))),
      count: jest.fn(() => Promise.resolve(0)),
    };
    const throttle = new LoginThrottle(limiter as unknown as RateLimiter);

    await expect(throttle.admit('client@example.com', '203.0.113.7')).rejects.toMatchObject({ retryAfterSeconds: 60 });
    // All three went out together.
    expect([limiter.consume, limiter.check, limiter.count].map((call) => call.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
