import type { AppConfig } from '@portal/config';
import type { AuditTrail, Outbox } from '@portal/events';
import type { RateLimiter } from '@portal/http';
import type { DataSource } from 'typeorm';
import type { SecurityNotices } from '../account-security/security-notices';
import type { LoginThrottle } from '../auth/login-throttle';
import type { SessionsService } from '../sessions/sessions.service';
import type { UserTokens } from '../tokens/user-tokens.service';
import type { PasswordHasher } from '../users/password-hasher';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import { PasswordResetService } from './password-reset.service';
import { WrongCodes } from '../two-factor/wrong-codes';

const KNOWN: Partial<User> = { id: 'user-1', email: 'known@example.com', firstName: 'Kim' };

/**
 * Every step the service awaits, in order, for an account (`KNOWN`) or none; `answered` says whether
 * a reset token was issued since the request.
 */
function harness(user: Partial<User> | null, answered = false) {
  const steps: string[] = [];
  const enqueued: unknown[] = [];
  const manager = {
    query: (sql: string) => {
      const table = /\bFROM (\w+)/.exec(sql)?.[1];
      steps.push(`query ${table}`);
      return Promise.resolve(table === 'user_tokens' && answered ? [{ '?column?': 1 }] : []);
    },
  };
  const dataSource = {
    transaction: async (work: (inner: typeof manager) => Promise<unknown>) => {
      steps.push('transaction');
      const result = await work(manager);
      steps.push('commit');
      return result;
    },
  } as unknown as DataSource;
  const users = {
    findByEmail: (email: string) => {
      steps.push(`find ${email}`);
      return Promise.resolve(user);
    },
  } as unknown as UsersService;
  const tokens = {
    issue: () => {
      steps.push('issue token');
      return Promise.resolve('the-token');
    },
  } as unknown as UserTokens;
  const outbox = {
    enqueue: (_manager: unknown, queue: string, name: string, payload: unknown) => {
      steps.push(`enqueue ${queue}/${name}`);
      enqueued.push(payload);
      return Promise.resolve('outbox-id');
    },
  } as unknown as Outbox;
  const limiter = {
    consume: (rule: { name?: string }) => {
      steps.push(`limit ${rule.name ?? ''}`);
      return Promise.resolve();
    },
  } as unknown as RateLimiter;
  const service = new PasswordResetService(
    dataSource,
    users,
    tokens,
    {} as PasswordHasher,
    outbox,
    limiter,
    {} as SessionsService,
    { appUrl: 'https://portal.example.com' } as AppConfig,
    {} as LoginThrottle,
    {} as AuditTrail,
    {} as SecurityNotices,
    {} as WrongCodes,
  );
  return { service, steps, enqueued };
}

/**
 * Account enumeration by timing: the forgot-password answer must cost the same work whether or not
 * the address has an account. Checked by what is awaited before the answer, not by a stopwatch.
 */
describe('PasswordResetService.forgot', () => {
  it('awaits the same steps before answering for an address with an account and one without', async () => {
    const known = harness(KNOWN);
    const unknown = harness(null);
    const reply = await known.service.forgot('known@example.com', '10.0.0.1');
    expect(await unknown.service.forgot('nobody@example.com', '10.0.0.1')).toEqual(reply);
    expect(reply).toEqual({ message: 'If an account exists for this email, a password reset link has been sent.' });
    expect(known.steps).toEqual(unknown.steps);
    // Neither looks the address up nor issues a token before answering: the worker does (mailLink).
    expect(known.steps.filter((step) => !step.startsWith('limit'))).toEqual([
      'transaction',
      'enqueue password-reset/request',
      'commit',
    ]);
    expect(known.enqueued).toEqual([{ email: 'known@example.com', requested_at: expect.any(String) }]);
    expect(unknown.enqueued).toEqual([{ email: 'nobody@example.com', requested_at: expect.any(String) }]);
  });
});

describe('PasswordResetService.mailLink (the password-reset job)', () => {
  const request = { email: 'Known@Example.com', requested_at: '2026-11-20T10:00:00.000Z' };

  it('issues a token and queues its mail in one transaction for an address with an account', async () => {
    const { service, steps, enqueued } = harness(KNOWN);
    await service.mailLink(request);
    expect(steps).toEqual([
      'find Known@Example.com',
      'transaction',
      'query users',
      'query user_tokens',
      'issue token',
      'enqueue mail/template',
      'commit',
    ]);
    expect(enqueued).toEqual([
      {
        template: 'reset-password',
        to: 'known@example.com',
        data: {
          firstName: 'Kim',
          link: 'https://portal.example.com/reset-password?token=the-token',
          expiresInMinutes: 60,
        },
      },
    ]);
  });

  it('sends nothing for an address without an account', async () => {
    const { service, steps, enqueued } = harness(null);
    await service.mailLink(request);
    expect(steps).toEqual(['find Known@Example.com']);
    expect(enqueued).toEqual([]);
  });

  it('sends nothing again when a reset token was issued since the request (a retried job)', async () => {
    const { service, steps, enqueued } = harness(KNOWN, true);
    await service.mailLink(request);
    expect(steps).toEqual(['find Known@Example.com', 'transaction', 'query users', 'query user_tokens', 'commit']);
    expect(enqueued).toEqual([]);
  });
});
