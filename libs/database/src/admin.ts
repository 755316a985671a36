import { Client } from 'pg';

/** Database-level helpers for start-up and tests (create or drop a whole database). */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

async function onMaintenanceDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await onMaintenanceDatabase(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  });
}

/** Creates a new empty database beside the one in `url` and returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  await onMaintenanceDatabase(url, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return withDatabase(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await onMaintenanceDatabase(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  );
}
