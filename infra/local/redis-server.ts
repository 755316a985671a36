import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface RunningRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Where `npm start` says which redis-server it runs (`{ url, pid }` under DATA_DIR), as
 * PostgreSQL's postmaster.pid says where it listens: the admin CLI publishes revocations there.
 */
export const REDIS_SERVER_FILE = 'redis-server.json';

/** The URL of the redis-server `npm start` runs for `dataDir`, if it is running now. */
export function runningLocalRedis(dataDir: string): string | undefined {
  try {
    const { url, pid } = JSON.parse(readFileSync(join(dataDir, REDIS_SERVER_FILE), 'utf8')) as {
      url: string;
      pid: number;
    };
    process.kill(pid, 0);
    return url;
  } catch {
    return undefined;
  }
}

export class RedisNotFoundError extends Error {
  constructor() {
    super(
      'redis-server was not found on PATH: install it (Debian/Ubuntu: apt-get install redis-server, macOS: brew install redis) or set REDIS_URL to a running Redis',
    );
  }
}

/** Throws RedisNotFoundError (whose message says how to get one) when PATH has no redis-server. */
export function assertRedisServerAvailable(): void {
  if (spawnSync('redis-server', ['--version']).error) throw new RedisNotFoundError();
}

/** Starts `redis-server` from PATH on a free loopback port, keeping nothing on disk. */
export async function startRedisServer(port?: number): Promise<RunningRedis> {
  assertRedisServerAvailable();
  const listenPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(listenPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const poll = async () => {
      if (await answersPing(listenPort)) return resolve();
      if (child.exitCode !== null) return reject(new Error(`redis-server exited: ${output.trim()}`));
      if (Date.now() > deadline) return reject(new Error(`redis-server did not start: ${output.trim()}`));
      setTimeout(() => void poll(), 50);
    };
    void poll();
  });

  return {
    url: `redis://127.0.0.1:${listenPort}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.setTimeout(500, () => socket.destroy());
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}
