import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { HousekeepingTask } from '@portal/events';
import type { FileStorage } from '@portal/storage';
import { DataSource } from 'typeorm';
import { documentsStorage } from '../files/documents-storage';

/**
 * How old an object without a row must be before it is removed. An upload writes its row within a
 * moment of its object completing; a day is far past any upload still under way.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** Keys checked against the rows per query. */
const BATCH = 500;
/** The key prefixes documents writes under (storageKey('vault', ...), storageKey('library', ...)). */
const PREFIXES = ['vault', 'library'];

/**
 * Objects no row points to: an upload whose row could not be written and whose object could not be
 * removed then, a replaced library file whose old object could not be removed, a crash between the
 * two. Nobody can download them; this removes them, so a client's deleted or refused document does
 * not linger in storage.
 */
@Injectable()
export class OrphanedObjectsCleanup implements HousekeepingTask, OnModuleDestroy {
  readonly name = 'stored files without a record';
  private readonly logger = new Logger(OrphanedObjectsCleanup.name);
  // Its own handle on the documents storage: the housekeeping module that runs this task does not
  // see the documents module's providers.
  private readonly storage: FileStorage;

  constructor(
    @InjectDataSource('documents') private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.storage = documentsStorage(config);
  }

  async onModuleDestroy(): Promise<void> {
    await this.storage.close();
  }

  async run(_cutoff: Date, now: Date): Promise<number> {
    const before = now.getTime() - ORPHAN_GRACE_MS;
    let removed = 0;
    for (const prefix of PREFIXES) {
      const { files } = await this.storage.list(prefix, { recursive: true });
      const old = files.filter((file) => file.lastModified.getTime() < before).map((file) => file.key);
      for (let start = 0; start < old.length; start += BATCH) {
        const keys = old.slice(start, start + BATCH);
        const rows = (await this.dataSource.query(
          `SELECT storage_key FROM vault_files WHERE storage_key = ANY($1)
           UNION ALL SELECT storage_key FROM library_files WHERE storage_key = ANY($1)`,
          [keys],
        )) as Array<{ storage_key: string }>;
        const kept = new Set(rows.map((row) => row.storage_key));
        for (const key of keys.filter((candidate) => !kept.has(candidate))) {
          await this.storage.delete(key);
          this.logger.warn(`removed the unreferenced object ${key}`);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
