/**
 * The launcher's PostgreSQL and Redis (see backing-services.ts): started on the launcher's
 * request, stopped when the launcher disconnects or this process is signalled.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackingServicesReply, BackingServicesRequest } from './backing-services';
import { RunningPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { PostgresAsRootError, rootProblemMessage } from './postgres-as-root';
import { REDIS_SERVER_FILE, startRedisServer } from './redis-server';

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

/**
 * Development only (this process serves `npm start`): when the embedded PostgreSQL dies (killed,
 * crashed), it is started again on the same port, so the gateway's pool reconnects by itself,
 * and one line says so. A server that will not start again is reported once and left down.
 */
function supervised(first: RunningPostgres, dir: string): { name: string; stop(): Promise<void> } {
  let current = first;
  let restarting: Promise<void> = Promise.resolve();
  const watch = (postgres: RunningPostgres) => {
    void postgres.exited.then(() => {
      if (stopping) return;
      restarting = restart(dir, postgres.port).then(
        (restarted) => {
          current = restarted;
          process.stdout.write(
            `[portal] the embedded PostgreSQL stopped unexpectedly and was restarted on port ${postgres.port} (development only)\n`,
          );
          watch(restarted);
        },
        (error: Error) => {
          process.stderr.write(
            `[portal] the embedded PostgreSQL stopped unexpectedly and could not be restarted: ${error.message.split('\n')[0]}\n`,
          );
        },
      );
    });
  };
  watch(first);
  return {
    name: 'PostgreSQL',
    stop: async () => {
      await restarting;
      await current.stop();
    },
  };
}

/** A killed server's backends take a moment to release its shared memory: a few tries. */
async function restart(dir: string, port: number): Promise<RunningPostgres> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startEmbeddedPostgres(dir, 'portal', port);
    } catch (error) {
      if (attempt >= 20 || stopping) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function start(request: BackingServicesRequest): Promise<void> {
  try {
    let databaseUrl: string | undefined;
    if (request.postgresDir) {
      const postgres = await startEmbeddedPostgres(request.postgresDir);
      running.push(supervised(postgres, request.postgresDir));
      databaseUrl = postgres.url;
    }
    let redisUrl: string | undefined;
    if (request.redis) {
      const redis = await startRedisServer();
      const file = join(request.dataDir, REDIS_SERVER_FILE);
      mkdirSync(request.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify({ url: redis.url, pid: redis.pid }), { mode: 0o600 });
      running.push({
        name: 'Redis',
        stop: async () => {
          rmSync(file, { force: true });
          await redis.stop();
        },
      });
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
