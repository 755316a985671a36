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
 * endpoint for 200 and 304. Each pair is measured product, bare, bare, product (half the
 * time each) so that a change in the machine's load during the run weighs on both alike.
 *
 * Environment (all optional): DATABASE_URL, REDIS_URL (see bench-env.ts);
 * BENCH_SECONDS per server per case (default 2, at most 10); BENCH_CONNECTIONS (default 16);
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
import { CPU_PATH, type RecordedAnswer } from './bare-server';
import { bounded, machineLoad, runBench, startBackingServices } from './bench-env';

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

async function startBareServer(answers: RecordedAnswer[]): Promise<{ baseUrl: string; stop(): Promise<void> }> {
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
  /** CPU seconds the server process has used so far. */
  cpuSeconds(): Promise<number>;
}

async function productCpuSeconds(baseUrl: string): Promise<number> {
  const metrics = (await record(`${baseUrl}/api/metrics`, {})).body.toString();
  const read = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  return read('process_cpu_user_seconds_total') + read('process_cpu_system_seconds_total');
}

/**
 * Requests per second with the expected status (anything else counts as an error), and the
 * server's CPU time per answer: on a machine others load too, throughput swings with their
 * work, while the CPU a server spends on one answer hardly does.
 */
async function measure(server: Server, item: Case, connections: number, seconds: number) {
  const cpuBefore = await server.cpuSeconds();
  const result = await autocannon({
    url: `${server.baseUrl}${item.path}`,
    connections,
    duration: seconds,
    headers: item.headers,
    timeout: 5,
  });
  const cpu = (await server.cpuSeconds()) - cpuBefore;
  const ok = result.statusCodeStats[item.mode]?.count ?? 0;
  const errors = result.errors + result.timeouts + (result.requests.total - ok);
  return { rate: ok / result.duration, cpuPerRequest: cpu / Math.max(1, ok), errors };
}

async function main(): Promise<void> {
  const seconds = bounded('BENCH_SECONDS', 2, 10);
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
    const bareServer = await startBareServer(answers);
    const bare: Server = {
      baseUrl: bareServer.baseUrl,
      cpuSeconds: async () =>
        (JSON.parse((await record(`${bareServer.baseUrl}${CPU_PATH}`, {})).body.toString()) as { seconds: number })
          .seconds,
    };
    const product: Server = { baseUrl: app.baseUrl, cpuSeconds: () => productCpuSeconds(app.baseUrl) };
    try {
      process.stdout.write(
        `catalog bench: product ${app.baseUrl}, bare ${bare.baseUrl}, ${connections} connections, ` +
          `${seconds} s per server per case (product, bare, bare, product)\n${machineLoad()} at start\n\n`,
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
        const half = seconds / 2;
        const legs = [];
        for (const server of [product, bare, bare, product]) legs.push(await measure(server, item, connections, half));
        const mean = (a: number, b: number) => (a + b) / 2;
        const productRate = mean(legs[0].rate, legs[3].rate);
        const bareRate = mean(legs[1].rate, legs[2].rate);
        const productCpu = mean(legs[0].cpuPerRequest, legs[3].cpuPerRequest) * 1e6;
        const bareCpu = mean(legs[1].cpuPerRequest, legs[2].cpuPerRequest) * 1e6;
        const errors = legs.reduce((sum, leg) => sum + leg.errors, 0);
        failed ||= errors > 0;
        const goal = GOALS[item.name];
        process.stdout.write(
          [
            item.name.padEnd(10),
            item.mode.padStart(6),
            productRate.toFixed(0).padStart(15),
            bareRate.toFixed(0).padStart(12),
            (productRate / bareRate).toFixed(2).padStart(14),
            (goal ? `≥ ${goal.toFixed(2)}` : '').padEnd(6),
            productCpu.toFixed(1).padStart(23),
            bareCpu.toFixed(1).padStart(6),
            (bareCpu / productCpu).toFixed(2).padStart(14),
            errors ? `  ${errors} unexpected answers` : '',
          ].join(' ') + '\n',
        );
      }
      process.stdout.write(`\n${machineLoad()} at the end\n`);
      if (failed) process.exitCode = 1;
    } finally {
      await bareServer.stop();
    }
  } finally {
    await services.stop();
  }
}

runBench(main);
