/**
 * Catalog read throughput: GET /api/services/ and /api/forms/ on the built app, each as a
 * full 200 and as a 304 revalidation (If-None-Match), at a fixed concurrency for a
 * bounded time, then the ratios.
 *
 *   npm run bench:catalog
 *
 * How it runs: the normal server build (`npm run build:server`) leaves bench/ out, so the
 * script compiles this file with bench/tsconfig.json (which extends tsconfig.build.json)
 * into dist/bench/catalog.js and runs that. Imports are relative (no @portal/* aliases),
 * so no alias rewriting is needed. It starts the BUILT gateway (all-in-one) on loopback.
 *
 * Environment (all optional):
 *   DATABASE_URL        a Postgres server; a scratch database is created beside it and
 *                       dropped at the end. Without it, the embedded Postgres of `npm start`
 *                       (data under .data/bench-postgres).
 *   REDIS_URL           a Redis; without it, a redis-server from PATH on a free port.
 *   BENCH_SECONDS       total measuring time, split over the four runs (default 8, at most 10).
 *   BENCH_CONCURRENCY   requests in flight (default 16, at most 256).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../libs/database/src/admin';
import { repoRoot } from '../libs/config/src/repo-root';
import { startProcess, tempDataDir } from '../libs/testing/src/processes';
import { startEmbeddedPostgres } from '../infra/local/embedded-postgres';
import { startRedisServer } from '../infra/local/redis-server';

const ENDPOINTS = ['/api/services/', '/api/forms/'] as const;
const WARMUP_MS = 250;

interface Run {
  path: string;
  mode: '200' | '304';
  requests: number;
  errors: number;
  seconds: number;
  bytes: number;
  latenciesMs: number[];
}

function bounded(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return Math.min(value, max);
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** `concurrency` loops, each sending the next request when the previous answered, until the deadline. */
async function load(
  url: string,
  headers: Record<string, string>,
  expected: number,
  concurrency: number,
  durationMs: number,
): Promise<Omit<Run, 'path' | 'mode'>> {
  const latenciesMs: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const response = await fetch(url, { headers });
          const body = await response.arrayBuffer();
          // On the wire: fetch hands back the body decompressed.
          bytes += Number(response.headers.get('content-length') ?? body.byteLength);
          if (response.status === expected) latenciesMs.push(performance.now() - sent);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { requests: latenciesMs.length, errors, seconds: (performance.now() - started) / 1000, bytes, latenciesMs };
}

async function main(): Promise<void> {
  const totalSeconds = bounded('BENCH_SECONDS', 8, 10);
  const concurrency = Math.round(bounded('BENCH_CONCURRENCY', 16, 256));
  const perRunMs = (totalSeconds * 1000) / (ENDPOINTS.length * 2) - WARMUP_MS;
  const cleanup: Array<() => Promise<void> | void> = [];

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
    // Logging at warn: one line per request would measure the log pipe, not the catalog.
    const app = await startProcess('gateway', {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: data.dir,
      LOG_LEVEL: 'warn',
    });
    cleanup.unshift(() => app.stop());

    // Like a browser: compressed transfer, and revalidation with the ETag it was given.
    const base = { 'accept-encoding': 'gzip' };
    process.stdout.write(
      `catalog bench: ${app.baseUrl}, concurrency ${concurrency}, ${(perRunMs / 1000).toFixed(2)} s per run (+${WARMUP_MS} ms warm-up)\n\n`,
    );
    const runs: Run[] = [];
    for (const path of ENDPOINTS) {
      const url = `${app.baseUrl}${path}`;
      const first = await fetch(url, { headers: base });
      const etag = first.headers.get('etag');
      await first.arrayBuffer();
      if (first.status !== 200 || !etag) throw new Error(`${path} answered ${first.status} without an ETag`);
      for (const [mode, headers, expected] of [
        ['200', base, 200],
        ['304', { ...base, 'if-none-match': etag }, 304],
      ] as const) {
        await load(url, headers, expected, concurrency, WARMUP_MS);
        const result = await load(url, headers, expected, concurrency, perRunMs);
        runs.push({ path, mode, ...result });
      }
    }

    const rate = (run: Run) => run.requests / run.seconds;
    process.stdout.write('endpoint          status   requests      req/s   p50 ms   p99 ms   wire bytes  errors\n');
    for (const run of runs) {
      const sorted = [...run.latenciesMs].sort((a, b) => a - b);
      process.stdout.write(
        `${run.path.padEnd(17)} ${run.mode.padStart(6)} ${String(run.requests).padStart(10)} ${rate(run)
          .toFixed(0)
          .padStart(10)} ${percentile(sorted, 50).toFixed(2).padStart(8)} ${percentile(sorted, 99)
          .toFixed(2)
          .padStart(
            8,
          )} ${(run.requests ? run.bytes / run.requests : 0).toFixed(0).padStart(12)} ${String(run.errors).padStart(7)}\n`,
      );
    }
    const find = (path: string, mode: Run['mode']) => runs.find((run) => run.path === path && run.mode === mode)!;
    process.stdout.write('\nratios\n');
    for (const path of ENDPOINTS) {
      process.stdout.write(
        `  ${path} 304 vs 200 throughput: ${(rate(find(path, '304')) / rate(find(path, '200'))).toFixed(2)}x\n`,
      );
    }
    process.stdout.write(
      `  /api/forms/ vs /api/services/ (200): ${(rate(find('/api/forms/', '200')) / rate(find('/api/services/', '200'))).toFixed(2)}x\n`,
    );
    if (runs.some((run) => run.errors > 0)) process.exitCode = 1;
  } finally {
    for (const step of cleanup) await step();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
