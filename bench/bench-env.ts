/**
 * What every server benchmark needs: a scratch database and a Redis, the built app on
 * loopback, bounded settings from the environment, and the machine's load for the report.
 * Imports are relative (bench/ is compiled without the @portal/* alias rewriting).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../libs/database/src/admin';
import { repoRoot } from '../libs/config/src/repo-root';
import { RunningProcess, startProcess, tempDataDir } from '../libs/testing/src/processes';
import { startEmbeddedPostgres } from '../infra/local/embedded-postgres';
import { startRedisServer } from '../infra/local/redis-server';

export interface BenchBackingServices {
  /** A database of its own, migrated by the app when it starts (all-in-one). */
  databaseUrl: string;
  redisUrl: string;
  /** The app: the built gateway, all-in-one, on a free loopback port. */
  startApp(env?: Record<string, string | undefined>): Promise<RunningProcess>;
  /** Stops what was started, in reverse order; safe to call twice. */
  stop(): Promise<void>;
}

/** USER_HZ: what /proc counts CPU time in on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A positive number from the environment, at most `max`. */
export function bounded(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return Math.min(value, max);
}

/** The 1, 5 and 15 minute load averages and the cores: the figures mean little without them. */
export function machineLoad(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;
}

/**
 * CPU seconds (user and system) a process has used so far, from /proc (Linux); NaN
 * elsewhere. On a machine others load too, the CPU a server spends per answer is a
 * steadier figure than its throughput, which swings with their work.
 */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat(5), counted after the command name.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/**
 * DATABASE_URL (a scratch database is made beside it and dropped at the end) or the
 * embedded Postgres of `npm start` (data under .data/bench-postgres); REDIS_URL or a
 * redis-server from PATH on a free port.
 */
export async function startBackingServices(): Promise<BenchBackingServices> {
  const cleanup: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of cleanup.splice(0)) await step();
  };
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const postgres = await startEmbeddedPostgres(join(repoRoot(), '.data', 'bench-postgres'), 'portal_bench');
      cleanup.unshift(() => postgres.stop());
      serverUrl = postgres.url;
    }
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const databaseUrl = await createDatabase(serverUrl, name);
    cleanup.unshift(() => dropDatabase(serverUrl, name));

    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startRedisServer();
      cleanup.unshift(() => redis.stop());
      redisUrl = redis.url;
    }
    const data = tempDataDir();
    cleanup.unshift(() => data.remove());

    return {
      databaseUrl,
      redisUrl,
      stop,
      startApp: async (env = {}) => {
        // Logging at warn: a line per request would measure the log pipe, not the app.
        const app = await startProcess('gateway', {
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          DATA_DIR: data.dir,
          LOG_LEVEL: 'warn',
          // BENCH_NODE_OPTIONS: Node options for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` for
          // a CPU profile of the run, written when the app stops (open it in Chrome's DevTools).
          ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
          ...env,
        });
        cleanup.unshift(() => app.stop());
        return app;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs a benchmark's main, printing a failure without a stack of promise noise, and exits non-zero on it. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
