import { UnauthorizedException } from '@nestjs/common';
import type { TokenService } from '@portal/auth';
import type { RateLimiter } from '@portal/http';
import type { DataSource } from 'typeorm';
import type { ProfilesService } from '../profiles/profiles.service';
import { hashPassword, PasswordHasher } from '../users/password-hasher';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import type { VerificationService } from '../verification/verification.service';
import { AuthService } from './auth.service';
import type { LoginThrottle } from './login-throttle';

/**
 * Account enumeration by timing: an unknown e-mail must cost the same hashing work as a
 * wrong password (password-hasher.spec.ts shows that verifyNothing verifies an argon2id
 * hash with the current parameters). Checked by what is computed, not by a stopwatch.
 */
describe('AuthService.login without an account', () => {
  const limiter = { consume: jest.fn(), reset: jest.fn() } as unknown as RateLimiter;
  const hasher = new PasswordHasher();
  const throttle = { admit: jest.fn(), failed: jest.fn(), succeeded: jest.fn() } as unknown as LoginThrottle;

  function service(user: Partial<User> | undefined) {
    const users = { findByEmail: jest.fn().mockResolvedValue(user) } as unknown as UsersService;
    return new AuthService(
      {} as DataSource,
      users,
      {} as ProfilesService,
      hasher,
      {} as TokenService,
      limiter,
      {} as VerificationService,
      throttle,
    );
  }

  afterEach(() => jest.restoreAllMocks());

  it('verifies the password against a dummy hash, then answers like a wrong password', async () => {
    const verify = jest.spyOn(hasher, 'verify');
    const verifyNothing = jest.spyOn(hasher, 'verifyNothing');
    const unknown = service(undefined).login({ username: 'nobody@example.com', password: 'Wrong!pass1' }, '10.0.0.1');
    await expect(unknown).rejects.toEqual(new UnauthorizedException({ detail: 'Incorrect email or password' }));
    expect(verifyNothing).toHaveBeenCalledWith('Wrong!pass1', '10.0.0.1');
    expect(verify).not.toHaveBeenCalled();

    const passwordHash = await hashPassword('Right!pass1');
    const wrong = service({ id: 'u1', passwordHash }).login(
      { username: 'a@example.com', password: 'Wrong!pass1' },
      '10.0.0.1',
    );
    await expect(wrong).rejects.toEqual(new UnauthorizedException({ detail: 'Incorrect email or password' }));
    expect(verify).toHaveBeenCalledWith('Wrong!pass1', passwordHash, '10.0.0.1');
  });
});
