import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { repoRoot } from '../../config/src/repo-root';
import { freePort } from '../../../infra/local/free-port';
import { TEST_ADMIN_TOTP_SECRET } from './totp';

export interface RunningProcess {
  name: string;
  baseUrl: string;
  port: number;
  /** The operating system's id of the process (to read its memory under /proc, say). */
  pid: number;
  /** The environment it runs with (its REDIS_PREFIX among others). */
  env: Record<string, string | undefined>;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** Its JSON log lines so far, parsed. */
  logLines(): Array<Record<string, unknown>>;
  /** The first JSON log line that matches, waiting for it to be written (throws after timeoutMs). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

function parseLogLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .flatMap((text) => {
      try {
        return [JSON.parse(text) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** A JWT secret shared by the processes of one test (gateway and services must agree). */
export const TEST_JWT_SECRET = randomBytes(32).toString('hex');

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs a built process (`dist/services/<name>/src/main.js`, so `npm run build:server`
 * first) on a free port and waits until its /api/health answers.
 */
export async function startProcess(name: string, env: Record<string, string | undefined>): Promise<RunningProcess> {
  const port = await freePort();
  const root = repoRoot();
  let output = '';
  const processEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    JWT_SECRET: TEST_JWT_SECRET,
    // Its own Redis namespace: queues, rate limits and sessions of one test app never meet another's.
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    ...env,
    // The ADMIN_EMAIL admin signs in with a second factor, as every admin must: `login` computes its codes.
    ...(env.ADMIN_EMAIL && !('ADMIN_TOTP_SECRET' in env) ? { ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET } : {}),
    PORT: String(port),
  };
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/services', name, 'src/main.js')], {
    cwd: root,
    env: processEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become healthy in 30 s:\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    name,
    baseUrl,
    port,
    pid: child.pid!,
    env: processEnv,
    output: () => output,
    logLines: () => parseLogLines(output),
    waitForLog: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = parseLogLines(output).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`${name} wrote no matching log line within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
