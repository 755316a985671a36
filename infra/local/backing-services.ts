import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** What the launcher asks for: embedded PostgreSQL (unless DATABASE_URL), redis-server (unless REDIS_URL). */
export interface BackingServicesRequest {
  /** The launcher's DATA_DIR, named in the one-line refusals. */
  dataDir: string;
  /** Data folder of the embedded PostgreSQL; none: do not start one. */
  postgresDir?: string;
  redis: boolean;
}

/** The one message the backing-services process sends. */
export type BackingServicesReply = { ready: { databaseUrl?: string; redisUrl?: string } } | { failed: string };

/** Start-up failed; `message` is the line to show (the process has stopped whatever it had started). */
export class BackingServicesFailed extends Error {}

export interface BackingServices {
  /** Resolves once both are up; rejects with BackingServicesFailed. */
  ready: Promise<{ databaseUrl?: string; redisUrl?: string }>;
  /** Stops both (waiting for a start in progress) and resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * PostgreSQL and Redis for `npm start`, run by a process of their own in its own process
 * group (backing-services-process.ts). A Ctrl-C in the terminal signals the whole foreground
 * group at once; out of it, the databases wait until the launcher has stopped the gateway,
 * so nothing it still uses disappears under it. The process stops both and exits when the
 * launcher disconnects: when asked to, and when the launcher dies however it dies.
 */
export function startBackingServices(request: BackingServicesRequest): BackingServices {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'backing-services-process.js')], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ databaseUrl?: string; redisUrl?: string }>((resolve, reject) => {
    let failure: string | undefined;
    child.once('message', (reply: BackingServicesReply) => {
      if ('ready' in reply) resolve(reply.ready);
      else failure = reply.failed;
    });
    // Rejected only once the process has exited: nothing of it is left when the caller reports it.
    void exited.then(() =>
      reject(
        new BackingServicesFailed(failure ?? `PostgreSQL and Redis stopped unexpectedly (exit code ${child.exitCode})`),
      ),
    );
  });
  ready.catch(() => undefined);
  child.send(request);
  return {
    ready,
    stop: async () => {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
