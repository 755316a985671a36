import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { HousekeepingTask } from '@portal/events';
import { UnreferencedObjectsCleanup } from '@portal/storage';
import { DataSource } from 'typeorm';
import { documentsStorage } from '../files/documents-storage';

/**
 * How old an object without a row must be before it is removed. An upload writes its row within a
 * moment of its object completing; a day is far past any upload still under way.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** The key prefixes documents writes under (storageKey('vault', ...), storageKey('library', ...)). */
const PREFIXES = ['vault', 'library'];

/**
 * Objects no row points to: an upload whose row could not be written and whose object could not be
 * removed then, a replaced library file whose old object could not be removed, a crash between the
 * two. Nobody can download them; this removes them, so a client's deleted or refused document does
 * not linger in storage.
 */
@Injectable()
export class OrphanedObjectsCleanup extends UnreferencedObjectsCleanup implements HousekeepingTask {
  readonly name = 'stored files without a record';
  protected readonly prefixes = PREFIXES;
  protected readonly graceMs = ORPHAN_GRACE_MS;

  constructor(@InjectDataSource('documents') dataSource: DataSource, config: AppConfig) {
    super(
      documentsStorage(config),
      dataSource,
      `SELECT storage_key AS key FROM vault_files WHERE storage_key = ANY($1)
       UNION ALL SELECT storage_key FROM library_files WHERE storage_key = ANY($1)`,
    );
  }
}
