import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@portal/config';

/** Where the built admin CLI works: the test app's database, data folder and Redis prefix. */
export interface AdminCliTarget {
  databaseUrl: string;
  dataDir: string;
  redisPrefix?: string;
  /** APP_URL, when the test app has one: the links of the mails the CLI queues. */
  appUrl?: string;
}

/** The built admin CLI (`npm run admin -- ...` without the build step): its exit code and output. */
export async function adminCli(target: AdminCliTarget, ...args: string[]) {
  const cli = join(repoRoot(), 'dist/services/identity/src/admin-cli.js');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: target.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_PREFIX: target.redisPrefix,
        DATA_DIR: target.dataDir,
        APP_URL: target.appUrl,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
