/**
 * Upload memory and throughput: one 200 MB vault upload through the built gateway, on local disk
 * and on S3 (a moto_server), and through the split topology (gateway proxy + documents process).
 * Prints each server process's peak resident memory growth during the upload (goal: at most
 * 64 MB, whatever the file size: the upload is streamed, never held) and the throughput as a ratio
 * of copying the same file on this disk (stream copy, fsync at the end, as the local adapter does).
 *
 *   npm run bench:upload
 *
 * How it runs: like bench/catalog.ts, compiled with bench/tsconfig.json into dist/bench/upload.js,
 * relative imports only, starting the BUILT processes on loopback.
 *
 * Environment (all optional):
 *   DATABASE_URL   a Postgres server (a scratch database is created and dropped); without it, the
 *                  embedded Postgres of `npm start` (data under .data/bench-postgres).
 *   REDIS_URL      a Redis; without it, a redis-server from PATH on a free port.
 *   moto_server must be on PATH (`pip install "moto[server]"`) for the S3 run.
 */
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { startEmbeddedPostgres } from '../infra/local/embedded-postgres';
import { startRedisServer } from '../infra/local/redis-server';
import { TOKEN_ISSUER } from '../libs/auth/src/jwt-keys';
import { repoRoot } from '../libs/config/src/repo-root';
import { createDatabase, dropDatabase } from '../libs/database/src/admin';
import { startMotoServer } from '../libs/testing/src/servers';
import { RunningProcess, startProcess, TEST_JWT_SECRET, tempDataDir } from '../libs/testing/src/processes';

const MB = 1024 * 1024;
const FILE_BYTES = 200 * MB;
const GOAL_BYTES = 64 * MB;
const BUCKET = 'portal-bench-uploads';

interface Scenario {
  name: string;
  /** The process the upload is sent to, and every process whose memory counts. */
  entry: RunningProcess;
  watched: RunningProcess[];
}

interface Result {
  scenario: string;
  status: number;
  seconds: number;
  growth: Array<{ name: string; bytes: number }>;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

function statusValue(text: string, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text);
  if (!match) throw new Error(`no ${field} in /proc status`);
  return Number(match[1]) * 1024;
}

/**
 * Peak RSS of a process from now on: the kernel's high-water mark, reset by clear_refs, or (where
 * that is refused) polled every 10 ms.
 */
async function watchPeak(pid: number): Promise<() => Promise<number>> {
  const status = () => readFile(`/proc/${pid}/status`, 'utf8');
  const before = statusValue(await status(), 'VmRSS');
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return async () => statusValue(await status(), 'VmHWM') - before;
  } catch {
    let peak = before;
    const timer = setInterval(() => {
      void status().then(
        (text) => (peak = Math.max(peak, statusValue(text, 'VmRSS'))),
        () => undefined,
      );
    }, 10);
    return async () => {
      clearInterval(timer);
      return peak - before;
    };
  }
}

function token(): string {
  const now = Math.floor(Date.now() / 1000);
  return new JwtService().sign(
    {
      sub: randomUUID(),
      email: 'bench@example.com',
      role: 'user',
      user_type: 1,
      is_verified: true,
      sv: 0,
      iat: now,
      exp: now + 3600,
      iss: TOKEN_ISSUER,
    },
    { secret: TEST_JWT_SECRET, algorithm: 'HS256' },
  );
}

/** Streams the file as one multipart `file` with its Content-Length, as a browser sends it. */
async function upload(baseUrl: string, path: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${baseUrl}/api/vault/files`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token()}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(path);
    source.on('error', reject);
    source.pipe(request, { end: false });
    source.on('end', () => request.end(tail));
  });
}

async function run(scenario: Scenario, file: string, sha256: string, small: string): Promise<Result> {
  // Warm up the code paths (and connection pools) with a small upload first.
  const warm = await upload(scenario.entry.baseUrl, small, MB);
  if (warm.status !== 201) throw new Error(`${scenario.name}: warm-up upload answered ${warm.status} ${warm.body}`);
  const peaks = await Promise.all(scenario.watched.map((process) => watchPeak(process.pid)));
  const started = performance.now();
  const reply = await upload(scenario.entry.baseUrl, file, FILE_BYTES);
  const seconds = (performance.now() - started) / 1000;
  const growth = await Promise.all(peaks.map((peak) => peak()));
  if (reply.status === 201) {
    const stored = (JSON.parse(reply.body) as { file: { sha256: string; size: number } }).file;
    if (stored.sha256 !== sha256 || stored.size !== FILE_BYTES)
      throw new Error(`${scenario.name}: stored a different file`);
  }
  return {
    scenario: scenario.name,
    status: reply.status,
    seconds,
    growth: scenario.watched.map((process, index) => ({ name: process.name, bytes: growth[index] })),
  };
}

async function main(): Promise<void> {
  const cleanup: Array<() => Promise<void> | void> = [];
  try {
    const data = tempDataDir();
    cleanup.unshift(() => data.remove());
    const file = join(data.dir, 'upload.bin');
    const small = join(data.dir, 'warm.bin');
    const hash = createHash('sha256');
    const out = createWriteStream(file);
    for (let written = 0; written < FILE_BYTES; written += MB) {
      const block = randomBytes(MB);
      hash.update(block);
      if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
    await writeFile(small, randomBytes(MB));
    const sha256 = hash.digest('hex');

    // The yardstick: the same file copied on this disk, streamed and made durable like a local put.
    const copyStarted = performance.now();
    await pipeline(createReadStream(file), createWriteStream(join(data.dir, 'copy.bin'), { flush: true }));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    if ((await stat(join(data.dir, 'copy.bin'))).size !== FILE_BYTES) throw new Error('the disk copy is short');

    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const postgres = await startEmbeddedPostgres(join(repoRoot(), '.data', 'bench-postgres'), 'portal_bench');
      cleanup.unshift(() => postgres.stop());
      serverUrl = postgres.url;
    }
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startRedisServer();
      cleanup.unshift(() => redis.stop());
      redisUrl = redis.url;
    }
    const moto = await startMotoServer();
    cleanup.unshift(() => moto.stop());
    const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    s3.destroy();

    const results: Result[] = [];
    const settings = async (label: string) => {
      const name = `bench_upload_${label}_${randomBytes(3).toString('hex')}`;
      const url = await createDatabase(serverUrl, name);
      cleanup.unshift(() => dropDatabase(serverUrl, name));
      const dir = tempDataDir();
      cleanup.unshift(() => dir.remove());
      return {
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `bench-${label}-${randomBytes(3).toString('hex')}`,
        DATA_DIR: dir.dir,
        LOG_LEVEL: 'warn',
      };
    };
    const s3Env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL: moto.endpoint,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    };

    process.stdout.write(`upload bench: one ${mb(FILE_BYTES)} MB vault upload per run, on loopback\n`);
    process.stdout.write(
      `disk copy of the same file: ${copySeconds.toFixed(2)} s, ${mb(FILE_BYTES / copySeconds)} MB/s\n\n`,
    );

    for (const [name, env] of [
      ['all-in-one, local disk', {}],
      ['all-in-one, S3 (moto)', s3Env],
    ] as const) {
      const gateway = await startProcess('gateway', {
        ...(await settings(name.includes('S3') ? 's3' : 'local')),
        ...env,
      });
      try {
        results.push(await run({ name, entry: gateway, watched: [gateway] }, file, sha256, small));
      } finally {
        await gateway.stop();
      }
    }

    // Split: the gateway proxies to a documents process; neither may hold the file.
    const common = await settings('split');
    const documents = await startProcess('documents', common);
    const nobody = 'http://127.0.0.1:9';
    const proxy = await startProcess('gateway', {
      ...common,
      GATEWAY_MODE: 'proxy',
      DOCUMENTS_URL: documents.baseUrl,
      IDENTITY_URL: nobody,
      CATALOG_URL: nobody,
      BILLING_URL: nobody,
      ONBOARDING_URL: nobody,
      NOTIFICATIONS_URL: nobody,
    });
    try {
      results.push(
        await run({ name: 'split, local disk', entry: proxy, watched: [proxy, documents] }, file, sha256, small),
      );
    } finally {
      await proxy.stop();
      await documents.stop();
    }

    const copyRate = FILE_BYTES / copySeconds;
    process.stdout.write(
      'run                      status  seconds     MB/s  vs disk copy  peak RSS growth (goal <= 64 MB)\n',
    );
    let failed = false;
    for (const result of results) {
      const rate = FILE_BYTES / result.seconds;
      const growth = result.growth.map(
        ({ name, bytes }) => `${name} ${mb(bytes)} MB${bytes > GOAL_BYTES ? ' (OVER)' : ''}`,
      );
      failed ||= result.status !== 201 || result.growth.some(({ bytes }) => bytes > GOAL_BYTES);
      process.stdout.write(
        `${result.scenario.padEnd(24)} ${String(result.status).padStart(6)} ${result.seconds.toFixed(2).padStart(8)} ${mb(rate).padStart(8)} ${`${(rate / copyRate).toFixed(2)}x`.padStart(13)}  ${growth.join(', ')}\n`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    for (const step of cleanup) await step();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
