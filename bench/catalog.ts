/**
 * Public read throughput of the product against a bare Fastify serving the identical bytes.
 *
 *   npm run bench:catalog
 *
 * Starts the built gateway (all-in-one, its own database), records its answer to each
 * public read — menu, pages, services, a package, forms and /api/health — as a browser
 * asks (Accept-Encoding: gzip, deflate, br, zstd), and its 304 to a revalidation with the
 * ETag it gave; then starts a bare Fastify (bench/bare-server.ts, a process of its own)
 * that answers each path with exactly those bytes. autocannon loads both, in the same run,
 * one after the other at the same concurrency, and the ratio product/bare is printed per
 * endpoint for 200 and 304. Each is measured in legs, alternating product, bare, bare,
 * product, ..., and the median leg counts: a change in the machine's load during the run
 * weighs on both alike. Beside it, the CPU time each server spent per answer (from /proc),
 * which the load of other processes moves far less than throughput.
 *
 * Environment (all optional): DATABASE_URL, REDIS_URL (see bench-env.ts);
 * BENCH_SECONDS per server per case (default 3, at most 20); BENCH_CONNECTIONS (default 16);
 * BENCH_ENDPOINTS, some of menu,pages,services,packages,forms,health (default all).
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../libs/config/src/repo-root';
import { freePort } from '../infra/local/free-port';
import type { RecordedAnswer } from './bare-server';
import { bounded, cpuSeconds, machineLoad, median, runBench, startBackingServices } from './bench-env';

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Written by Node or Fastify for each answer: not part of what is recorded. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Goals of issue 13: product/bare. */
const GOALS: Record<string, number> = { services: 0.7, health: 0.6 };

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept = Object.entries(response.headers).flatMap(([name, value]) =>
          TRANSPORT_HEADERS.has(name) || typeof value !== 'string' ? [] : [[name, value]],
        );
        resolve({ status: response.statusCode ?? 0, headers: Object.fromEntries(kept), body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function startBareServer(answers: RecordedAnswer[]): Promise<Server & { stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot(), 'dist/bench/bare-server.js'), file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}

interface Case {
  name: string;
  path: string;
  mode: '200' | '304';
  headers: Record<string, string>;
}

interface Server {
  baseUrl: string;
  pid: number;
}

interface Leg {
  rate: number;
  answers: number;
  cpu: number;
  errors: number;
}

/** One run of autocannon: answers per second with the expected status (any other is an error), and the server's CPU. */
async function measure(server: Server, item: Case, connections: number, seconds: number): Promise<Leg> {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: `${server.baseUrl}${item.path}`,
    connections,
    duration: seconds,
    headers: item.headers,
    timeout: 5,
  });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const answers = result.statusCodeStats[item.mode]?.count ?? 0;
  const errors = result.errors + result.timeouts + (result.requests.total - answers);
  return { rate: answers / result.duration, answers, cpu, errors };
}

/** Legs in the order product, bare, bare, product, product, bare, ...: a drift in the machine's load weighs on both alike. */
const LEGS_PER_SERVER = 4;

async function main(): Promise<void> {
  const seconds = bounded('BENCH_SECONDS', 3, 20);
  const connections = Math.round(bounded('BENCH_CONNECTIONS', 16, 256));
  const services = await startBackingServices();
  try {
    const app = await services.startApp();
    const list = JSON.parse((await record(`${app.baseUrl}/api/services/`, {})).body.toString()) as Array<{
      id: string;
      billing_cycle: string | null;
    }>;
    const packageId = list.find((service) => service.billing_cycle === 'monthly')!.id;
    const endpoints = [
      ['menu', '/api/menu/'],
      ['pages', '/api/pages/'],
      ['services', '/api/services/'],
      ['packages', `/api/subscriptions/packages/${packageId}`],
      ['forms', '/api/forms/'],
      ['health', '/api/health'],
    ] as const;
    const only = process.env.BENCH_ENDPOINTS?.split(',').map((name) => name.trim());

    const answers: RecordedAnswer[] = [];
    const cases: Case[] = [];
    const asked = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    for (const [name, path] of endpoints) {
      if (only && !only.includes(name)) continue;
      const full = await record(`${app.baseUrl}${path}`, asked);
      if (full.status !== 200) throw new Error(`${path} answered ${full.status}`);
      const answer: RecordedAnswer = { path, headers: full.headers, body: full.body.toString('base64') };
      cases.push({ name, path, mode: '200', headers: asked });
      const etag = full.headers.etag;
      if (etag) {
        const revalidate = { ...asked, 'if-none-match': etag };
        const notModified = await record(`${app.baseUrl}${path}`, revalidate);
        if (notModified.status !== 304) throw new Error(`${path} answered ${notModified.status} to If-None-Match`);
        answer.notModified = { etag, headers: notModified.headers };
        cases.push({ name, path, mode: '304', headers: revalidate });
      }
      answers.push(answer);
    }
    const bare = await startBareServer(answers);
    const product: Server = { baseUrl: app.baseUrl, pid: app.pid };
    try {
      process.stdout.write(
        `catalog bench: product ${app.baseUrl}, bare ${bare.baseUrl}, ${connections} connections, ${seconds} s per ` +
          `server per case in ${LEGS_PER_SERVER} legs each (product, bare, bare, product, ...; median leg)\n` +
          `${machineLoad()} at start\n\n`,
      );
      // Both warm (JIT, connections) before anything counts.
      for (const item of cases) {
        await measure(product, item, connections, 0.5);
        await measure(bare, item, connections, 0.5);
      }

      process.stdout.write(
        'endpoint   status   product req/s   bare req/s   product/bare   goal     CPU µs/answer product   bare   bare/product\n',
      );
      let failed = false;
      for (const item of cases) {
        const legs = { product: [] as Leg[], bare: [] as Leg[] };
        for (let leg = 0; leg < 2 * LEGS_PER_SERVER; leg++) {
          const which = [0, 3].includes(leg % 4) ? 'product' : 'bare';
          legs[which].push(
            await measure(which === 'product' ? product : bare, item, connections, seconds / LEGS_PER_SERVER),
          );
        }
        // The median leg: a burst of someone else's work during one leg does not make the figure.
        const rate = (mine: Leg[]) => median(mine.map((leg) => leg.rate));
        const cpuPerAnswer = (mine: Leg[]) =>
          (mine.reduce((sum, leg) => sum + leg.cpu, 0) / mine.reduce((sum, leg) => sum + leg.answers, 0)) * 1e6;
        const errors = [...legs.product, ...legs.bare].reduce((sum, leg) => sum + leg.errors, 0);
        failed ||= errors > 0;
        const goal = GOALS[item.name];
        process.stdout.write(
          [
            item.name.padEnd(10),
            item.mode.padStart(6),
            rate(legs.product).toFixed(0).padStart(15),
            rate(legs.bare).toFixed(0).padStart(12),
            (rate(legs.product) / rate(legs.bare)).toFixed(2).padStart(14),
            (goal ? `≥ ${goal.toFixed(2)}` : '').padEnd(6),
            cpuPerAnswer(legs.product).toFixed(1).padStart(23),
            cpuPerAnswer(legs.bare).toFixed(1).padStart(6),
            (cpuPerAnswer(legs.bare) / cpuPerAnswer(legs.product)).toFixed(2).padStart(14),
            errors ? `  ${errors} unexpected answers` : '',
          ].join(' ') + '\n',
        );
      }
      process.stdout.write(`\n${machineLoad()} at the end\n`);
      if (failed) process.exitCode = 1;
    } finally {
      await bare.stop();
    }
  } finally {
    await services.stop();
  }
}

runBench(main);
