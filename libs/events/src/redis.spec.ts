import { redisConnectionOptions } from './redis';

describe('redisConnectionOptions', () => {
  it('reads host, port and the worker setting from a plain URL', () => {
    expect(redisConnectionOptions({ REDIS_URL: 'redis://127.0.0.1:6390' })).toEqual({
      host: '127.0.0.1',
      port: 6390,
      maxRetriesPerRequest: null,
    });
  });

  it('reads credentials, database and TLS', () => {
    expect(redisConnectionOptions('rediss://worker:p%40ss@cache.internal/3')).toEqual({
      host: 'cache.internal',
      port: 6379,
      username: 'worker',
      password: 'p@ss',
      db: 3,
      tls: {},
      maxRetriesPerRequest: null,
    });
    expect(redisConnectionOptions('redis://:secret@[::1]:7000')).toMatchObject({
      host: '::1',
      port: 7000,
      password: 'secret',
    });
  });

  it('fails with a message naming the variable', () => {
    expect(() => redisConnectionOptions({})).toThrow('REDIS_URL is not set');
    expect(() => redisConnectionOptions('http://localhost:6379')).toThrow('REDIS_URL must start with redis://');
    expect(() => redisConnectionOptions('redis://localhost/cache')).toThrow('REDIS_URL database must be a number');
  });
});
