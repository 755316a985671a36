import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { repoRoot } from '@portal/config';
import { RunningProcess, startProcess, useTestApp } from '@portal/testing';

/**
 * The catalog is served from memory by every process that hosts it. Two of them here, on
 * one database: the all-in-one gateway and a catalog service process (split mode, no
 * workers). A change — by SQL, by a seed run beside them, or one announced by hand — is
 * in both once each has read the catalog again, which each logs ("catalog loaded" with
 * the announcement among its reasons): the test waits for that line, then asks.
 */
describe('catalog replicas', () => {
  const app = useTestApp({ LOG_LEVEL: 'info' });
  let replica: RunningProcess;
  let sql: Client;
  let replicas: RunningProcess[];

  beforeAll(async () => {
    replica = await startProcess('catalog', {
      DATABASE_URL: app.db.url,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: app.dataDir,
      LOG_LEVEL: 'info',
      RUN_WORKERS: 'false',
    });
    replicas = [app.gateway, replica];
    sql = new Client({ connectionString: app.db.url });
    sql.on('error', () => undefined);
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await replica?.stop();
  });

  interface Answer {
    status: number;
    etag: string | null;
    encoding: string | null;
    text: string;
  }

  const ask = async (process: RunningProcess, path: string, encoding = 'gzip'): Promise<Answer> => {
    const response = await fetch(`${process.baseUrl}/api${path}`, { headers: { 'accept-encoding': encoding } });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      encoding: response.headers.get('content-encoding'),
      text: await response.text(),
    };
  };
  const askBoth = (path: string, encoding?: string) =>
    Promise.all(replicas.map((process) => ask(process, path, encoding)));

  /** Commits `statements` in one transaction; the trigger names it in its announcement. */
  const change = async (statements: string): Promise<string> => {
    await sql.query('BEGIN');
    await sql.query(statements);
    const { rows } = await sql.query<{ id: string }>('SELECT txid_current()::text AS id');
    await sql.query('COMMIT');
    return `transaction ${rows[0].id}`;
  };

  /** Each process's log line of the read that took in `announcement` (made after `since`). */
  const readBoth = (announcement: string, since: number) =>
    Promise.all(
      replicas.map((process) =>
        process.waitForLog(
          (line) =>
            line.msg === 'catalog loaded' &&
            Date.parse(line.time as string) >= since &&
            (line.reasons as string[]).some((reason) => reason === `change announced: ${announcement}`),
        ),
      ),
    );

  const servicesOf = (answer: Answer) => JSON.parse(answer.text) as Array<{ id: string; slug: string; price: string }>;

  it('answers the same bytes and ETags from either process', async () => {
    const services = servicesOf((await askBoth('/services/'))[0]);
    const paths = [
      '/menu/',
      '/pages/',
      '/pages/about',
      '/services/',
      '/services/by-category/Books',
      `/services/${services[0].id}`,
      `/subscriptions/packages/${services[0].id}`,
      '/forms/',
    ];
    for (const path of paths) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const [gateway, catalog] = await askBoth(path, encoding);
        expect([path, encoding, gateway.status]).toEqual([path, encoding, 200]);
        expect([path, encoding, catalog]).toEqual([path, encoding, gateway]);
      }
    }
  });

  it('shows a change made by SQL in both, on the next request once each has read it', async () => {
    const [before] = await askBoth('/services/');
    const starter = servicesOf(before).find((service) => service.slug === 'bookkeeping-starter')!;
    const since = Date.now();
    const announced = await change(
      `UPDATE catalog.services SET price = '$279/month', amount_cents = 27900 WHERE slug = 'bookkeeping-starter'`,
    );
    await readBoth(announced, since);

    const lists = await askBoth('/services/');
    for (const list of lists) {
      expect(list.etag).not.toBe(before.etag);
      expect(servicesOf(list).find((service) => service.id === starter.id)!.price).toBe('$279/month');
    }
    expect(lists[1]).toEqual(lists[0]);
    for (const answer of await askBoth(`/subscriptions/packages/${starter.id}`)) {
      expect(JSON.parse(answer.text)).toMatchObject({ price: '$279/month', amount_cents: 27900, trial_months: 3 });
    }
  });

  it('shows what a seed run beside the processes adds back, with the ids and bytes it had', async () => {
    const [before] = await askBoth('/services/', 'identity');
    const llc = servicesOf(before).find((service) => service.slug === 'llc-formation')!;
    const [original] = await askBoth(`/services/${llc.id}`, 'identity');

    let since = Date.now();
    await readBoth(await change(`DELETE FROM catalog.services WHERE slug = 'llc-formation'`), since);
    for (const answer of await askBoth(`/services/${llc.id}`)) {
      expect([answer.status, JSON.parse(answer.text)]).toEqual([404, { detail: 'Service not found' }]);
    }

    // `npm run migrate` in a split deployment: the seed upserts by natural key.
    await sql.query(`DELETE FROM catalog.migrations WHERE name = 'SeedServices1795316800000'`);
    since = Date.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot(), 'dist/services/catalog/src/main.js'), 'migrate'],
      {
        cwd: repoRoot(),
        env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: app.db.url, LOG_LEVEL: 'warn' },
      },
    );
    expect(stdout).toBe('catalog: 1 migration(s) applied\n');
    await Promise.all(
      replicas.map((replicaProcess) =>
        replicaProcess.waitForLog(
          (line) =>
            line.msg === 'catalog loaded' &&
            Date.parse(line.time as string) >= since &&
            (line.reasons as string[]).some((reason) => reason.startsWith('change announced: transaction ')),
        ),
      ),
    );
    for (const answer of await askBoth(`/services/${llc.id}`, 'identity')) expect(answer).toEqual(original);
  });

  it('shows a change made with triggers off once it is announced by hand, as documented', async () => {
    const [before] = await askBoth('/pages/about', 'identity');
    // As pg_restore does: no trigger fires, so nothing is announced.
    await sql.query(`SET session_replication_role = replica`);
    await sql.query(`UPDATE catalog.pages SET title = 'About the Firm' WHERE name = 'about'`);
    await sql.query(`SET session_replication_role = DEFAULT`);

    const since = Date.now();
    await sql.query(`NOTIFY catalog_changed, 'about page retitled'`);
    await readBoth('about page retitled', since);
    for (const answer of await askBoth('/pages/about', 'identity')) {
      expect(JSON.parse(answer.text)).toMatchObject({ name: 'about', title: 'About the Firm' });
      expect(answer.etag).not.toBe(before.etag);
    }
  });

  it("sends every header a Nest route of the app sends, and the catalog's own, exactly as before", async () => {
    const catalog = await fetch(`${app.gateway.baseUrl}/api/services/`, { headers: { 'accept-encoding': 'gzip' } });
    const nest = await fetch(`${app.gateway.baseUrl}/api/ready`);
    await Promise.all([catalog.arrayBuffer(), nest.arrayBuffer()]);
    const security = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const representation = ['cache-control', 'etag', 'vary', 'content-type', 'content-encoding', 'content-length'];
    const transport = ['connection', 'date', 'keep-alive'];
    expect([...catalog.headers.keys()].sort()).toEqual(
      [...security, ...representation, ...transport, 'x-request-id'].sort(),
    );
    for (const name of security) expect([name, catalog.headers.get(name)]).toEqual([name, nest.headers.get(name)]);
    expect(catalog.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(catalog.headers.get('cache-control')).toBe('public, max-age=60');
    expect(catalog.headers.get('vary')).toBe('accept-encoding');
  });
});
