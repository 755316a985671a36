import { ChildProcess, spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@portal/config';
import { apiClient, freePort, login, TEST_ADMIN_TOTP_SECRET } from '@portal/testing';

/**
 * `npm start` as built (dist/infra/local/start.js), without DATABASE_URL and REDIS_URL: its
 * own embedded PostgreSQL and redis-server. Started in a process group of its own, so a
 * signal to the group is what a Ctrl-C in a terminal sends.
 */
interface Launch {
  child: ChildProcess;
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const launches: Array<{ run: Launch; dataDir: string }> = [];

function launch(dataDir: string, port: number, env: Record<string, string> = {}): Launch {
  const child = spawn(process.execPath, [join(repoRoot(), 'dist/infra/local/start.js')], {
    cwd: repoRoot(),
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const run = { child, output: () => output, stderr: () => stderr, exited };
  launches.push({ run, dataDir });
  return run;
}

/** After a failed test: the launcher's group killed outright; its PostgreSQL and Redis then stop by themselves. */
async function killLeftovers(): Promise<void> {
  for (const { run, dataDir } of launches.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    await run.exited;
    const deadline = Date.now() + 20_000;
    while (processesOf(dataDir, run.output()).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function waitForOutput(run: Launch, text: string): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (!run.output().includes(text)) {
    if (run.child.exitCode !== null) throw new Error(`the launcher exited (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within 100 s:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Command lines of the processes a launch started: those with DATA_DIR=`dataDir` in their
 * environment, and its redis-server (which rewrites its title over its environment).
 */
function processesOf(dataDir: string, output = ''): string[] {
  const redisPort = /started redis-server on redis:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environment.includes(`DATA_DIR=${dataDir}`) || commandLine === `redis-server 127.0.0.1:${redisPort}`) {
        found.push(commandLine);
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const pgPasswordFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pg-password-'));

describe('npm start (the local launcher)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-launcher-'));
    dirs.push(dir);
    return dir;
  };

  afterEach(killLeftovers);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('stops the gateway first, then PostgreSQL and Redis: quietly, nothing left running', () => {
    let dataDir: string;

    beforeAll(() => {
      const parent = tempDir();
      // Open to the "postgres" user, whom the embedded PostgreSQL runs as when tests run as root.
      chmodSync(parent, 0o755);
      dataDir = join(parent, 'data');
    });

    it.each([
      ['Ctrl-C (SIGINT to the process group)', (run: Launch) => process.kill(-run.child.pid!, 'SIGINT')],
      ['SIGTERM to the launcher alone', (run: Launch) => run.child.kill('SIGTERM')],
    ])(
      'on %s',
      async (_name, stop) => {
        const port = await freePort();
        const run = launch(dataDir, port);
        await waitForOutput(run, '[portal] ready: ');
        // No Stripe keys: payments run in test mode against the launcher's own fake Stripe.
        expect(run.output()).toContain('[portal] payments: test mode with a local fake Stripe on http://127.0.0.1:');
        const payments = (await (await fetch(`http://127.0.0.1:${port}/api/payments/config`)).json()) as {
          stripe_js_url: string;
        };
        expect(payments).toMatchObject({
          configured: true,
          test_mode: true,
          publishable_key: expect.stringMatching(/^pk_test_/),
        });
        const stripeJs = await fetch(payments.stripe_js_url);
        expect(stripeJs.headers.get('content-type')).toMatch(/javascript/);
        const started = processesOf(dataDir, run.output());
        expect(started).toEqual(
          expect.arrayContaining([
            expect.stringContaining('dist/services/gateway/src/main.js'),
            expect.stringContaining(`postgres -D ${join(dataDir, 'postgres')}`),
            expect.stringMatching(/^redis-server 127\.0\.0\.1:\d+$/),
          ]),
        );

        stop(run);
        expect(await run.exited).toBe(0);
        expect(run.output()).toContain('[portal] stopping...\n[portal] stopped\n');
        expect(run.output()).not.toContain('outbox listener lost');
        expect(run.output()).not.toMatch(/"level":(40|50|60)/);
        expect(processesOf(dataDir, run.output())).toEqual([]);
      },
      120_000,
    );
  });

  it('starts the embedded PostgreSQL again when it dies, says so in one line, and the app answers again', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const dataDir = join(parent, 'data');
    const port = await freePort();
    const run = launch(dataDir, port);
    await waitForOutput(run, '[portal] ready: ');
    const ready = () => fetch(`http://127.0.0.1:${port}/api/ready`).then((response) => response.status);
    expect(await ready()).toBe(200);

    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    await waitForOutput(run, '[portal] the embedded PostgreSQL stopped unexpectedly and was restarted on port ');
    expect(run.output().match(/stopped unexpectedly/g)).toHaveLength(1);
    const deadline = Date.now() + 30_000;
    while ((await ready()) !== 200) {
      if (Date.now() > deadline) throw new Error(`/api/ready did not answer 200 again:\n${run.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exited).toBe(0);
    expect(processesOf(dataDir, run.output())).toEqual([]);
  }, 180_000);

  it('lets `npm run admin -- demote` end the sessions everywhere: it finds the running redis-server', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const dataDir = join(parent, 'data');
    const port = await freePort();
    const admin = { email: 'launcher-admin@example.com', password: 'Adm1n!launch' };
    const run = launch(dataDir, port, {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
    });
    await waitForOutput(run, '[portal] ready: ');
    const api = `http://127.0.0.1:${port}/api`;
    const signIn = await login(apiClient(`http://127.0.0.1:${port}`), admin.email, admin.password);
    expect(signIn.status).toBe(200);
    const token = signIn.body.access_token;
    const inviteCodes = () => fetch(`${api}/invite-codes`, { headers: { authorization: `Bearer ${token}` } });
    expect((await inviteCodes()).status).toBe(200);

    // As a developer runs it beside `npm start`: no DATABASE_URL, no REDIS_URL.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot(), 'dist/services/identity/src/admin-cli.js'), 'demote', admin.email],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } },
    );
    expect(stdout).toBe(`${admin.email} is no longer an admin (user_type 1); their sessions were ended\n`);
    expect((await inviteCodes()).status).toBe(401);

    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exited).toBe(0);
    expect(existsSync(join(dataDir, 'redis-server.json'))).toBe(false);
  }, 180_000);

  // As root only: PostgreSQL then runs as the "postgres" user, for whom a folder private to
  // root is closed (another user's own private folder is no obstacle). Tests here and in CI run as root.
  (process.getuid?.() === 0 ? it : it.skip)(
    'as root, with a DATA_DIR inside a private folder: one line naming DATA_DIR, exit 1, nothing left behind',
    async () => {
      const privateFolder = tempDir(); // mkdtemp: 0700, owned by root
      const dataDir = join(privateFolder, 'data');
      const passwordFilesBefore = pgPasswordFiles();

      const run = launch(dataDir, await freePort());
      expect(await run.exited).toBe(1);

      expect(run.stderr()).toBe(
        `[portal] DATA_DIR ${dataDir} cannot hold the embedded PostgreSQL when npm start runs as root: ` +
          `PostgreSQL refuses to run as root, so it runs as the "postgres" user, who cannot enter ${privateFolder}. ` +
          'Choose a DATA_DIR outside private folders, run npm start as a non-root user, or set DATABASE_URL.\n',
      );
      expect(run.output()).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
      expect(pgPasswordFiles()).toEqual(passwordFilesBefore);
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
      expect(processesOf(dataDir)).toEqual([]);
    },
    30_000,
  );
});
