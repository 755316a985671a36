import type { RedisOptions } from 'ioredis';

/**
 * ioredis options from REDIS_URL (`redis://[user:password@]host[:port][/db]`, `rediss://`
 * for TLS). `maxRetriesPerRequest: null` is what BullMQ workers require: their blocking
 * commands wait across reconnects instead of failing after a few retries.
 */
export function redisConnectionOptions(config: { REDIS_URL?: string } | string): RedisOptions {
  const url = typeof config === 'string' ? config : config.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: queues and the outbox relay need Redis (redis://host:6379)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`REDIS_URL is not a valid URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got ${JSON.stringify(parsed.protocol)})`);
  }
  const database = parsed.pathname.replace(/^\//, '');
  if (database && !/^\d+$/.test(database)) {
    throw new Error(`REDIS_URL database must be a number, as in redis://host:6379/0 (got ${JSON.stringify(database)})`);
  }
  const options: RedisOptions = {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    maxRetriesPerRequest: null,
  };
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  if (database) options.db = Number(database);
  if (parsed.protocol === 'rediss:') options.tls = {};
  return options;
}
