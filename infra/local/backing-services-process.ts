/**
 * The launcher's PostgreSQL and Redis (see backing-services.ts): started on the launcher's
 * request, stopped when the launcher disconnects or this process is signalled.
 */
import type { BackingServicesReply, BackingServicesRequest } from './backing-services';
import { startEmbeddedPostgres } from './embedded-postgres';
import { PostgresAsRootError, rootProblemMessage } from './postgres-as-root';
import { startRedisServer } from './redis-server';

const running: Array<{ name: string; stop(): Promise<void> }> = [];
let starting: Promise<void> = Promise.resolve();
let stopping = false;

async function stopAll(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await starting;
  // Redis before PostgreSQL, the reverse of the start.
  for (const service of running.reverse()) {
    await service
      .stop()
      .catch((error: Error) =>
        process.stderr.write(`[portal] ${service.name} did not stop cleanly: ${error.message}\n`),
      );
  }
  process.exit(0);
}

function reply(message: BackingServicesReply): Promise<void> {
  return new Promise((resolve) => process.send?.(message, undefined, undefined, () => resolve()));
}

async function start(request: BackingServicesRequest): Promise<void> {
  try {
    let databaseUrl: string | undefined;
    if (request.postgresDir) {
      const postgres = await startEmbeddedPostgres(request.postgresDir);
      running.push({ name: 'PostgreSQL', stop: postgres.stop });
      databaseUrl = postgres.url;
    }
    let redisUrl: string | undefined;
    if (request.redis) {
      const redis = await startRedisServer();
      running.push({ name: 'Redis', stop: redis.stop });
      redisUrl = redis.url;
    }
    await reply({ ready: { databaseUrl, redisUrl } });
  } catch (error) {
    await reply({
      failed:
        error instanceof PostgresAsRootError
          ? rootProblemMessage(error.problem, request.dataDir)
          : (error as Error).message,
    });
    // Ends here: stopAll stops what did start, then exits.
    process.disconnect?.();
  }
}

process.once('message', (request: BackingServicesRequest) => {
  starting = start(request);
});
process.once('disconnect', () => void stopAll());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stopAll());
