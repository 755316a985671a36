import { EventEmitter } from 'node:events';
import * as pg from 'pg';

/** What TypeORM's Postgres driver calls on the pool it creates (callback style). */
type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, release?: (error?: unknown) => void) => void;

const SEARCH_PATH = Symbol('portal:search_path');
type TrackedClient = pg.PoolClient & { [SEARCH_PATH]?: string };

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return `"${name}"`;
}

export interface SharedPoolOptions {
  url: string;
  /** Connections at most (DATABASE_POOL_SIZE). */
  max: number;
  applicationName?: string;
}

/**
 * The one Postgres pool of a process. Every service schema hosted by the process (one
 * in split mode, all six in all-in-one) gets its TypeORM data source from this pool, so
 * the process holds at most `max` pooled connections whatever it hosts.
 *
 * Each service's code (its raw SQL, its migrations' unqualified names) expects its own
 * schema first on the search_path. A connection handed to a schema's data source has its
 * search_path set first when it last served another schema: one statement when a
 * connection changes hands between services, none otherwise.
 */
export class SharedPool {
  readonly pool: pg.Pool;
  /** The most connections it will hold (DATABASE_POOL_SIZE). */
  readonly max: number;
  private ended = false;

  constructor(options: SharedPoolOptions) {
    this.max = options.max;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.max,
      application_name: options.applicationName ?? 'portal',
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection that dies (a Postgres restart) is dropped by pg; the next checkout reconnects.
    this.pool.on('error', () => undefined);
    // A checked-out one has no listener of pg's (nor TypeORM's): dying between two queries (a transaction
    // waiting on other work when Postgres shuts down), it would emit an 'error' nobody handles and end the
    // process. Its next query fails instead, and the pool drops it when it is released.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  get totalCount(): number {
    return this.pool.totalCount;
  }

  get idleCount(): number {
    return this.pool.idleCount;
  }

  get waitingCount(): number {
    return this.pool.waitingCount;
  }

  /**
   * A `pg` module for TypeORM's `driver` option: its Pool constructor returns a view of
   * this pool for `schema`, whose `end()` leaves the shared pool open (the process ends it).
   */
  driverFor(schema: string): typeof pg {
    const view = () => new SchemaPoolView(this, schema);
    // TypeORM calls `new driver.Pool(options)`; a constructor returning an object yields that object.
    const Pool = function SchemaPool() {
      return view();
    } as unknown as typeof pg.Pool;
    return { ...pg, Pool } as typeof pg;
  }

  /** A client whose search_path starts with `schema`. */
  async connect(schema: string): Promise<pg.PoolClient> {
    const client = (await this.pool.connect()) as TrackedClient;
    if (client[SEARCH_PATH] !== schema) {
      try {
        await client.query(`SET search_path TO ${quoteIdentifier(schema)}, public`);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client[SEARCH_PATH] = schema;
    }
    return client;
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.pool.end();
  }
}

/** The face of the shared pool one TypeORM data source sees. */
class SchemaPoolView extends EventEmitter {
  constructor(
    private readonly shared: SharedPool,
    private readonly schema: string,
  ) {
    super();
  }

  get totalCount(): number {
    return this.shared.totalCount;
  }

  get idleCount(): number {
    return this.shared.idleCount;
  }

  get waitingCount(): number {
    return this.shared.waitingCount;
  }

  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = this.shared.connect(this.schema);
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (error?: unknown) => client.release(error as Error | undefined)),
      (error: Error) => callback(error),
    );
  }

  query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    return this.connect()!.then(async (client) => {
      try {
        return await client.query(text, values);
      } finally {
        client.release();
      }
    });
  }

  /** The data source is done with the pool; the pool itself belongs to the process. */
  end(callback?: (error?: Error) => void): Promise<void> | void {
    if (callback) return callback();
    return Promise.resolve();
  }
}
