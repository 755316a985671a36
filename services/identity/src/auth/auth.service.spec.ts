import { HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';
import type { TokenService } from '@portal/auth';
import type { AuditScope, AuditTrail } from '@portal/events';
import type { RateLimiter } from '@portal/http';
import type { DataSource } from 'typeorm';
import type { ProfilesService } from '../profiles/profiles.service';
import type { SessionsService } from '../sessions/sessions.service';
import type { UserTokens } from '../tokens/user-tokens.service';
import { hashPassword, PasswordHasher } from '../users/password-hasher';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import type { VerificationService } from '../verification/verification.service';
import { AuthService } from './auth.service';
import type { LoginThrottle, SignInAttempt } from './login-throttle';

const SCOPE: AuditScope = { actor_id: null, actor_email: null, client_ip: '10.0.0.1', request_id: 'req-1' };

/**
 * Account enumeration by timing: an unknown e-mail must cost the same hashing work as a
 * wrong password (password-hasher.spec.ts shows that verifyNothing verifies an argon2id
 * hash with the current parameters). Checked by what is computed, not by a stopwatch.
 */
describe('AuthService.login without an account', () => {
  const limiter = { consume: jest.fn(), reset: jest.fn() } as unknown as RateLimiter;
  const hasher = new PasswordHasher();
  const failed = jest.fn(() => false);
  const throttle = {
    attempt: (_account: string, _ip: string, work: (attempt: SignInAttempt) => Promise<unknown>) =>
      work({ failed, passed: jest.fn(), succeeded: jest.fn() } as unknown as SignInAttempt),
  } as unknown as LoginThrottle;
  const record = jest.fn();
  const dataSource = { transaction: (work: (manager: object) => unknown) => work({}) } as unknown as DataSource;

  function service(user: Partial<User> | undefined) {
    const users = { findByEmail: jest.fn().mockResolvedValue(user) } as unknown as UsersService;
    return new AuthService(
      dataSource,
      users,
      {} as ProfilesService,
      hasher,
      {} as TokenService,
      limiter,
      {} as VerificationService,
      throttle,
      {} as UserTokens,
      {} as SessionsService,
      { record } as unknown as AuditTrail,
    );
  }

  afterEach(() => {
    jest.restoreAllMocks();
    record.mockClear();
  });

  it('verifies the password against a dummy hash, then answers like a wrong password', async () => {
    const verify = jest.spyOn(hasher, 'verify');
    const verifyNothing = jest.spyOn(hasher, 'verifyNothing');
    const unknown = service(undefined).login({ username: 'nobody@example.com', password: 'Wrong!pass1' }, SCOPE);
    await expect(unknown).rejects.toEqual(new UnauthorizedException({ detail: 'Incorrect email or password' }));
    expect(verifyNothing).toHaveBeenCalledWith('Wrong!pass1', '10.0.0.1');
    expect(verify).not.toHaveBeenCalled();

    const passwordHash = await hashPassword('Right!pass1');
    const wrong = service({ id: 'u1', email: 'a@example.com', passwordHash }).login(
      { username: 'a@example.com', password: 'Wrong!pass1' },
      SCOPE,
    );
    await expect(wrong).rejects.toEqual(new UnauthorizedException({ detail: 'Incorrect email or password' }));
    expect(verify).toHaveBeenCalledWith('Wrong!pass1', passwordHash, '10.0.0.1');
  });

  it('records a failed sign-in once: the e-mail tried and no id for an unknown one, the account otherwise', async () => {
    await service(undefined)
      .login({ username: 'Nobody@example.com', password: 'Wrong!pass1' }, SCOPE)
      .catch(() => undefined);
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(
      {},
      { ...SCOPE, actor_id: null, actor_email: 'Nobody@example.com' },
      'auth.sign_in_failed',
      null,
      { reason: 'unknown_email' },
    );

    record.mockClear();
    const passwordHash = await hashPassword('Right!pass1');
    failed.mockReturnValueOnce(true);
    await service({ id: 'u1', email: 'a@example.com', passwordHash })
      .login({ username: 'a@example.com', password: 'Wrong!pass1' }, SCOPE)
      .catch(() => undefined);
    const actor = { ...SCOPE, actor_id: 'u1', actor_email: 'a@example.com' };
    // The failure that locked the address out records the lockout too, in the same transaction.
    expect(record.mock.calls).toEqual([
      [{}, actor, 'auth.sign_in_failed', 'user:u1', { reason: 'wrong_password' }],
      [{}, actor, 'auth.locked_out', 'user:u1', { reason: 'wrong_password' }],
    ]);
  });
});

describe('AuthService.login while the account is read', () => {
  const refusal = new HttpException({ detail: 'Too many sign-in attempts' }, HttpStatus.TOO_MANY_REQUESTS);

  function service(admit: () => Promise<void>, findByEmail: () => Promise<unknown>) {
    const hasher = { verify: jest.fn(), verifyNothing: jest.fn() } as unknown as PasswordHasher;
    const auth = new AuthService(
      {} as DataSource,
      { findByEmail: jest.fn(findByEmail) } as unknown as UsersService,
      {} as ProfilesService,
      hasher,
      {} as TokenService,
      {} as RateLimiter,
      {} as VerificationService,
      {
        attempt: async (_account: string, _ip: string, work: (attempt: SignInAttempt) => Promise<unknown>) => {
          await admit();
          return work({} as SignInAttempt);
        },
      } as unknown as LoginThrottle,
      {} as UserTokens,
      {} as SessionsService,
      {} as AuditTrail,
    );
    return { auth, hasher };
  }

  const attempt = (auth: AuthService) => auth.login({ username: 'a@example.com', password: 'Any!pass1' }, SCOPE);

  it('answers a refused attempt with the refusal, whatever the read did, and hashes nothing', async () => {
    for (const read of [async () => ({ id: 'u1' }), async () => Promise.reject(new Error('database down'))]) {
      const { auth, hasher } = service(async () => Promise.reject(refusal), read);
      await expect(attempt(auth)).rejects.toBe(refusal);
      expect(hasher.verify).not.toHaveBeenCalled();
      expect(hasher.verifyNothing).not.toHaveBeenCalled();
    }
  });

  it("answers an admitted attempt with the read's failure", async () => {
    const { auth } = service(
      async () => undefined,
      async () => Promise.reject(new Error('database down')),
    );
    await expect(attempt(auth)).rejects.toThrow('database down');
  });
});
