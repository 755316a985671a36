import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../../infra/local/free-port';

// The local launcher's helpers, for tests that need a port or a Redis of their own
// (for example to stop it mid-test and see what happens while it is down).
export { freePort } from '../../../infra/local/free-port';
export { startRedisServer } from '../../../infra/local/redis-server';

export interface RunningMoto {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL. */
  endpoint: string;
  stop(): Promise<void>;
}

const MOTO_INSTALL_HINT =
  'moto_server (the AWS emulator the S3 and SES tests run against) is required: install it with ' +
  '`pip install "moto[server]"` (or `pipx install "moto[server]"`) so that `moto_server` is on PATH';

/**
 * Starts `moto_server` (S3, SES, ... in memory) on a free loopback port and waits until it
 * answers. It also sets dummy AWS credentials in process.env: moto accepts any, the SDK
 * needs some, and none of a developer's real ones must reach it.
 */
export async function startMotoServer(): Promise<RunningMoto> {
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;

  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const failed = await Promise.race([
      spawnError,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
    ]);
    if (failed) {
      throw new Error(
        (failed as NodeJS.ErrnoException).code === 'ENOENT' ? MOTO_INSTALL_HINT : `moto_server: ${failed.message}`,
      );
    }
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${endpoint}/moto-api/data.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { endpoint, stop: () => stopChild(child) };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer on port ${port} within 20 s:\n${output}`);
    }
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
