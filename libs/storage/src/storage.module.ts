import { Module } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { join } from 'node:path';
import { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage, s3ClientFor } from './s3-file-storage';

/** The storage of this configuration: S3 (S3_BUCKET) or local disk under DATA_DIR/files. */
export function createStorage(config: AppConfig): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    // loadConfig() refuses s3 without a bucket; this guards hand-made configs.
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3');
    return new S3FileStorage({ client: s3ClientFor(config), bucket: config.S3_BUCKET });
  }
  return new LocalFileStorage(join(config.dataDir, 'files'));
}

/**
 * Provides FileStorage (the abstract class is the injection token):
 * `constructor(private readonly storage: FileStorage) {}`. Needs ConfigModule.
 * Nest closes it (its S3 connections) at shutdown.
 */
@Module({
  providers: [{ provide: FileStorage, inject: [AppConfig], useFactory: createStorage }],
  exports: [FileStorage],
})
export class StorageModule {}
