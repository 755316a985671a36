import type { AppConfig } from '@portal/config';
import type { SharedPool } from '@portal/database';
import type { RedisConnections } from '@portal/events';
import { SessionCheckUnavailableException, SessionRevocation } from './session-revocation';

const USER = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const KEY = `portal:auth:session-version:${USER}`;
const config = { REDIS_PREFIX: 'portal' } as AppConfig;

function setup(options: { cached?: string | null | Error; stored?: number | null | Error; pool?: boolean }) {
  const redis = {
    get: jest.fn(async () => {
      if (options.cached instanceof Error) throw options.cached;
      return options.cached ?? null;
    }),
    eval: jest.fn(async () => 1),
  };
  const query = jest.fn(async () => {
    if (options.stored instanceof Error) throw options.stored;
    return {
      rows: options.stored === null || options.stored === undefined ? [] : [{ session_version: options.stored }],
    };
  });
  const pool = options.pool === false ? null : ({ pool: { query } } as unknown as SharedPool);
  const revocation = new SessionRevocation(config, { commands: redis } as unknown as RedisConnections, pool);
  return { revocation, redis, query };
}

describe('SessionRevocation', () => {
  it('answers from the version cached in Redis without reading Postgres', async () => {
    const { revocation, query } = setup({ cached: '3' });
    expect(await revocation.isRevoked(USER, 2)).toBe(true);
    expect(await revocation.isRevoked(USER, 3)).toBe(false);
    expect(query).not.toHaveBeenCalled();
  });

  it('reads Postgres when Redis has no version (a restart lost it), and caches it upward only', async () => {
    const { revocation, redis, query } = setup({ cached: null, stored: 4 });
    expect(await revocation.isRevoked(USER, 3)).toBe(true);
    expect(query).toHaveBeenCalledWith(expect.stringContaining('identity.session_versions_readonly'), [USER]);
    expect(redis.eval).toHaveBeenCalledWith(expect.stringContaining("redis.call('SET'"), 1, KEY, '4', '60');
    expect(await revocation.isRevoked(USER, 4)).toBe(false);
  });

  it('reads Postgres when Redis is down', async () => {
    const { revocation, redis } = setup({ cached: new Error('Connection is closed.'), stored: 1 });
    expect(await revocation.isRevoked(USER, 0)).toBe(true);
    expect(redis.eval).not.toHaveBeenCalled();
  });

  it('refuses admin routes (strict) when neither can tell, and lets other routes through', async () => {
    const { revocation } = setup({ cached: new Error('Connection is closed.'), stored: new Error('ECONNREFUSED') });
    await expect(revocation.isRevoked(USER, 0, true)).rejects.toBeInstanceOf(SessionCheckUnavailableException);
    await expect(revocation.isRevoked(USER, 0, true)).rejects.toMatchObject({
      retryAfterSeconds: 5,
      response: { detail: 'Your session could not be checked right now. Please try again in a few seconds.' },
    });
    expect(await revocation.isRevoked(USER, 0)).toBe(false);
  });

  it('refuses admin routes when Redis has no version and Postgres cannot be read', async () => {
    const { revocation } = setup({ cached: null, stored: new Error('timeout exceeded when trying to connect') });
    await expect(revocation.isRevoked(USER, 0, true)).rejects.toBeInstanceOf(SessionCheckUnavailableException);
  });

  it('takes an account Postgres does not know as not revoked, and a process without a database the published state', async () => {
    expect(await setup({ cached: null, stored: null }).revocation.isRevoked(USER, 0, true)).toBe(false);
    expect(await setup({ cached: null, pool: false }).revocation.isRevoked(USER, 0, true)).toBe(false);
  });
});
