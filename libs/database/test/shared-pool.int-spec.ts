import { createTestDatabase, sql, TestDatabase } from '@portal/testing';
import type { PoolClient } from 'pg';
import { SharedPool } from '../src/shared-pool';

/** pg's own flag: false once the client's connection has failed or ended. */
const queryable = (client: PoolClient) => (client as unknown as { _queryable: boolean })._queryable;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SharedPool', () => {
  let db: TestDatabase;
  let pool: SharedPool;

  beforeAll(async () => {
    db = await createTestDatabase([]);
    pool = new SharedPool({ url: db.url, max: 2, applicationName: 'shared-pool-test' });
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  // Postgres shutting down ends every connection, also one a transaction holds between two statements.
  // Without a listener on the checked-out client, pg's 'error' event would end the whole process.
  it('outlives a checked-out connection that dies between queries, then serves from a new one', async () => {
    const client = await pool.connect('public');
    const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;

    await sql(db.url, 'SELECT pg_terminate_backend($1)', [pid]);
    await until(() => !queryable(client), 'the connection failing');

    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    const again = await pool.connect('public');
    try {
      expect((await again.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid).not.toBe(pid);
    } finally {
      again.release();
    }
  });
});
