import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { FileStorage } from './file-storage';

export interface UnreferencedObjects {
  /** The folders a service writes under: only their objects are looked at. */
  prefixes: readonly string[];
  /** Objects last written before this; a newer one may be an upload whose row is still to come. */
  before: Date;
  /** Of `keys`, those a row of the service still points to. */
  referenced(keys: string[]): Promise<Set<string>>;
  /** Told of each object removed. */
  removed?(key: string): void;
  /** Objects listed, checked against the rows and removed at a time (LIST_PAGE_SIZE; fewer in tests). */
  pageSize?: number;
}

/**
 * Removes the objects under `prefixes`, written before `before`, that no row points to: an upload whose
 * row could not be written and whose object could not be removed then, a crash between the two; and the
 * writes under them a crash left unfinished. Nobody can download them; a service's daily clean-up removes
 * them so they do not linger in storage. Returns how many were removed.
 */
export async function removeUnreferencedObjects(storage: FileStorage, options: UnreferencedObjects): Promise<number> {
  let removed = 0;
  for (const prefix of options.prefixes) {
    removed += await storage.removeAbandonedWrites(prefix, options.before);
    // A page at a time: a bucket of a million objects is never held in memory as one listing.
    for await (const page of storage.listPages(prefix, { pageSize: options.pageSize })) {
      const keys = page.filter((file) => file.lastModified < options.before).map((file) => file.key);
      if (keys.length === 0) continue;
      const kept = await options.referenced(keys);
      for (const key of keys.filter((candidate) => !kept.has(candidate))) {
        await storage.delete(key);
        options.removed?.(key);
        removed += 1;
      }
    }
  }
  return removed;
}

/** Runs SQL (a TypeORM DataSource). */
interface Queryable {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

/**
 * A service's daily clean-up task (a HousekeepingTask) of its objects no row points to. It holds a
 * storage handle of its own, closed with the module: the housekeeping module that runs it does not see
 * the service's storage provider.
 */
export abstract class UnreferencedObjectsCleanup implements OnModuleDestroy {
  abstract readonly name: string;
  /** The folders the service writes under. */
  protected abstract readonly prefixes: readonly string[];
  /** How old an object without a row must be before it is removed: far past any upload under way. */
  protected abstract readonly graceMs: number;
  private readonly logger = new Logger('Housekeeping');

  /**
   * `keySql` answers, as `key`, the keys among `$1` (a text array) that a row of the service points to:
   * `SELECT resume_key AS key FROM messages WHERE resume_key = ANY($1)`.
   */
  constructor(
    private readonly storage: FileStorage,
    private readonly database: Queryable,
    private readonly keySql: string,
  ) {}

  run(_cutoff: Date, now: Date): Promise<number> {
    return removeUnreferencedObjects(this.storage, {
      prefixes: this.prefixes,
      before: new Date(now.getTime() - this.graceMs),
      referenced: async (keys) => {
        const rows = (await this.database.query(this.keySql, [keys])) as Array<{ key: string }>;
        return new Set(rows.map((row) => row.key));
      },
      removed: (key) => this.logger.warn(`${this.name}: removed ${key}`),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.storage.close();
  }
}
