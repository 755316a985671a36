import type { AppConfig } from '@portal/config';
import type { SharedPool } from '@portal/database';
import type { RedisConnections } from '@portal/events';
import { SessionCheckUnavailableException, SessionRevocation, type SessionToken } from './session-revocation';

const USER = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const SESSION = '0b9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c';
const ENDED = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const KEY = `portal:auth:session-state:${USER}`;
const config = { REDIS_PREFIX: 'portal' } as AppConfig;

const token = (sessionVersion: number, sessionId: string | undefined = SESSION): SessionToken => ({
  id: USER,
  sessionVersion,
  sessionId,
});

interface Cached {
  loaded?: boolean;
  version?: number;
  ended?: string[];
}
interface Stored {
  version: number;
  ended?: string[];
}

function setup(options: { cached?: Cached | Error; stored?: Stored | null | Error; pool?: boolean }) {
  const redis = {
    // HMGET key loaded v s:<session>
    hmget: jest.fn(async (_key: string, ...fields: string[]) => {
      if (options.cached instanceof Error) throw options.cached;
      const cached = options.cached ?? {};
      const ended = fields[2].slice(2);
      return [
        cached.loaded ? '1' : null,
        cached.version === undefined ? null : String(cached.version),
        cached.ended?.includes(ended) ? '1' : null,
      ];
    }),
    eval: jest.fn(async () => 1),
  };
  const query = jest.fn(async () => {
    if (options.stored instanceof Error) throw options.stored;
    const stored = options.stored;
    return { rows: stored ? [{ session_version: stored.version, ended_sessions: stored.ended ?? [] }] : [] };
  });
  const pool = options.pool === false ? null : ({ pool: { query } } as unknown as SharedPool);
  const revocation = new SessionRevocation(config, { commands: redis } as unknown as RedisConnections, pool);
  return { revocation, redis, query };
}

describe('SessionRevocation', () => {
  it('answers from the complete state cached in Redis without reading Postgres', async () => {
    const { revocation, query, redis } = setup({ cached: { loaded: true, version: 3, ended: [ENDED] } });
    expect(await revocation.isRevoked(token(2))).toBe(true);
    expect(await revocation.isRevoked(token(3))).toBe(false);
    expect(await revocation.isRevoked(token(3, ENDED))).toBe(true);
    expect(query).not.toHaveBeenCalled();
    expect(redis.hmget).toHaveBeenCalledWith(KEY, 'loaded', 'v', `s:${SESSION}`);
  });

  it('refuses on a published revocation before the state is complete, and reads Postgres to let a token through', async () => {
    const { revocation, query } = setup({ cached: { version: 4, ended: [ENDED] }, stored: { version: 4 } });
    expect(await revocation.isRevoked(token(3))).toBe(true);
    expect(await revocation.isRevoked(token(4, ENDED))).toBe(true);
    expect(query).not.toHaveBeenCalled();
    expect(await revocation.isRevoked(token(4))).toBe(false);
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('reads Postgres when Redis has nothing (a restart lost it), and caches the complete state', async () => {
    const { revocation, redis, query } = setup({ stored: { version: 4, ended: [ENDED] } });
    expect(await revocation.isRevoked(token(3))).toBe(true);
    expect(query).toHaveBeenCalledWith(expect.stringContaining('identity.session_versions_readonly'), [USER]);
    expect(redis.eval).toHaveBeenCalledWith(expect.stringContaining("'HSET'"), 1, KEY, '4', '60', '1', ENDED);
    expect(await revocation.isRevoked(token(4))).toBe(false);
    expect(await revocation.isRevoked(token(4, ENDED))).toBe(true);
    // A token without a session (issued before sessions were kept) is judged by its version alone.
    expect(await revocation.isRevoked(token(4, undefined))).toBe(false);
  });

  it('publishes a new version and an ended session into the cached state, neither marking it complete', async () => {
    const { revocation, redis } = setup({});
    await revocation.publish(USER, 5);
    expect(redis.eval).toHaveBeenLastCalledWith(expect.any(String), 1, KEY, '5', '60', '0');
    await revocation.publishEnded(USER, ENDED);
    expect(redis.eval).toHaveBeenLastCalledWith(expect.any(String), 1, KEY, '', '60', '0', ENDED);
  });

  it('reads Postgres when Redis is down', async () => {
    const { revocation, redis } = setup({ cached: new Error('Connection is closed.'), stored: { version: 1 } });
    expect(await revocation.isRevoked(token(0))).toBe(true);
    expect(redis.eval).not.toHaveBeenCalled();
  });

  it('refuses admin routes (strict) when neither can tell, and lets other routes through', async () => {
    const { revocation } = setup({ cached: new Error('Connection is closed.'), stored: new Error('ECONNREFUSED') });
    await expect(revocation.isRevoked(token(0), true)).rejects.toBeInstanceOf(SessionCheckUnavailableException);
    await expect(revocation.isRevoked(token(0), true)).rejects.toMatchObject({
      retryAfterSeconds: 5,
      response: { detail: 'Your session could not be checked right now. Please try again in a few seconds.' },
    });
    expect(await revocation.isRevoked(token(0))).toBe(false);
  });

  it('refuses admin routes when Redis has no state and Postgres cannot be read', async () => {
    const { revocation } = setup({ stored: new Error('timeout exceeded when trying to connect') });
    await expect(revocation.isRevoked(token(0), true)).rejects.toBeInstanceOf(SessionCheckUnavailableException);
  });

  it('takes an account Postgres does not know as not revoked, and a process without a database the published state', async () => {
    expect(await setup({ stored: null }).revocation.isRevoked(token(0), true)).toBe(false);
    expect(await setup({ pool: false }).revocation.isRevoked(token(0), true)).toBe(false);
    expect(await setup({ cached: { ended: [SESSION] }, pool: false }).revocation.isRevoked(token(0), true)).toBe(true);
  });
});
