/**
 * Sign-in under load, and under a password-guessing flood.
 *
 *   npm run bench:login
 *
 * Starts the built gateway (all-in-one, TRUST_PROXY so that X-Forwarded-For names the
 * client), registers accounts, then:
 *
 * 1. steady: BENCH_CONCURRENCY clients (default: one per core) sign in with the right
 *    password for BENCH_SECONDS: logins per second, p50 and p99; then the same number of
 *    bare argon2id verifications (same parameters, in this process, the app idle) run at
 *    the same concurrency for 3 s: the ratio of the login's p50 to the bare hash's p50
 *    (goal ≤ 1.3) says what the rest of a sign-in (HTTP, rate limits in Redis, the account
 *    in Postgres, the token) adds to the hash.
 * 2. flood: BENCH_FLOOD clients (default 50) send wrong passwords for unknown e-mails, each
 *    request from an address never seen before (as a botnet would: per-address limits never
 *    bite), while one client signs in with the right password again and again: the flood's
 *    answers per second, and the legitimate sign-ins' p50 and p99 (goal: p50 under 1 s, none
 *    refused).
 *
 * Every request of the benchmark comes from a new address, so the per-address limits
 * (10 a minute) do not refuse it; the per-account limit is reset by each success.
 *
 * Environment (all optional): DATABASE_URL, REDIS_URL (see bench-env.ts); BENCH_SECONDS per
 * phase (default 10, at most 10); BENCH_CONCURRENCY (default: cores, at most 16);
 * BENCH_FLOOD (default 50, at most 200).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
// The bare hash is the identity service's own function, so its parameters are the ones signing in uses.
// eslint-disable-next-line no-restricted-imports
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../services/identity/src/users/password-hasher';
import { bounded, machineLoad, percentile, runBench, startBackingServices } from './bench-env';

const PASSWORD = 'S3cure!pass';

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Sample {
  status: number;
  ms: number;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomAddress() },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function register(baseUrl: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      first_name: 'Bench',
      last_name: 'Mark',
      username: email,
    }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
}

/** Runs `clients` loops of `work` until the deadline; every sample, in completion order. */
async function loops(clients: number, seconds: number, work: (client: number) => Promise<Sample>) {
  const samples: Sample[][] = Array.from({ length: clients }, () => []);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    samples.map(async (mine, client) => {
      while (performance.now() < deadline) mine.push(await work(client));
    }),
  );
  return { samples: samples.flat(), seconds: (performance.now() - started) / 1000 };
}

function summary(samples: Sample[], seconds: number, status = 200) {
  const ok = samples.filter((sample) => sample.status === status).map((sample) => sample.ms);
  const sorted = [...ok].sort((a, b) => a - b);
  return {
    count: ok.length,
    others: samples.length - ok.length,
    perSecond: ok.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const seconds = bounded('BENCH_SECONDS', 10, 10);
  const concurrency = Math.round(bounded('BENCH_CONCURRENCY', availableParallelism(), 16));
  const floodClients = Math.round(bounded('BENCH_FLOOD', 50, 200));
  const services = await startBackingServices();
  try {
    const app = await services.startApp({ TRUST_PROXY: 'true' });
    const accounts = Array.from(
      { length: concurrency + 1 },
      (_, index) => `bench-${index}-${randomBytes(3).toString('hex')}@example.com`,
    );
    for (const email of accounts) await register(app.baseUrl, email);
    process.stdout.write(
      `login bench: ${app.baseUrl}, argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} ` +
        `p=${ARGON2_PARAMS.parallelism}, ${seconds} s per phase\n${machineLoad()} at start\n\n`,
    );

    // Warm: JIT, connections, the pools.
    await loops(concurrency, 1, (client) => signIn(app.baseUrl, accounts[client], PASSWORD));

    const steady = await loops(concurrency, seconds, (client) => signIn(app.baseUrl, accounts[client], PASSWORD));
    const logins = summary(steady.samples, steady.seconds);

    const stored = await hashPassword(PASSWORD);
    const bare = await loops(concurrency, 3, async () => {
      const started = performance.now();
      const { valid } = await verifyPassword(PASSWORD, stored);
      return { status: valid ? 200 : 401, ms: performance.now() - started };
    });
    const hashes = summary(bare.samples, bare.seconds);

    process.stdout.write(`steady, ${concurrency} clients signing in with the right password\n`);
    process.stdout.write(
      `  logins: ${logins.perSecond.toFixed(1)}/s, p50 ${ms(logins.p50)}, p99 ${ms(logins.p99)}` +
        `${logins.others ? `, ${logins.others} not 200` : ''}\n`,
    );
    process.stdout.write(
      `  bare argon2id verify at the same concurrency: ${hashes.perSecond.toFixed(1)}/s, p50 ${ms(hashes.p50)}\n`,
    );
    process.stdout.write(`  login p50 / bare hash p50: ${(logins.p50 / hashes.p50).toFixed(2)} (goal ≤ 1.30)\n\n`);

    const legitimate = accounts[concurrency];
    let floodDone = false;
    const flood = loops(floodClients, seconds, () =>
      signIn(app.baseUrl, `nobody-${randomBytes(6).toString('hex')}@example.com`, 'Wrong!guess1'),
    ).finally(() => (floodDone = true));
    const legit: Sample[] = [];
    // Once the flood is under way; then back to back until it ends.
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (!floodDone) legit.push(await signIn(app.baseUrl, legitimate, PASSWORD));
    const flooded = await flood;
    const guesses = summary(flooded.samples, flooded.seconds, 401);
    const refused = flooded.samples.filter((sample) => sample.status === 429).length;
    const signIns = summary(legit, 1);

    process.stdout.write(
      `flood, ${floodClients} clients guessing from a new address each time, one legitimate client\n`,
    );
    process.stdout.write(
      `  guesses checked: ${guesses.perSecond.toFixed(1)}/s (401), ${refused} answered 429` +
        `${guesses.others - refused ? `, ${guesses.others - refused} other` : ''}\n`,
    );
    process.stdout.write(
      `  legitimate sign-ins: ${signIns.count} completed, p50 ${ms(signIns.p50)}, p99 ${ms(signIns.p99)}, ` +
        `${signIns.others} refused (goal: p50 < 1000 ms, none refused)\n`,
    );
    process.stdout.write(`\n${machineLoad()} at the end\n`);
    if (logins.others || signIns.others || !signIns.count) process.exitCode = 1;
  } finally {
    await services.stop();
  }
}

runBench(main);
