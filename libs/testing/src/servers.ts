// The local launcher's helpers, for tests that need a port or a Redis of their own
// (for example to stop it mid-test and see what happens while it is down).
export { freePort } from '../../../infra/local/free-port';
export { startRedisServer } from '../../../infra/local/redis-server';
export type { RunningRedis } from '../../../infra/local/redis-server';
