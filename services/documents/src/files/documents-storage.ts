import type { Provider } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { createStorage, FileStorage, S3FileStorage, s3ClientFor } from '@portal/storage';

/**
 * S3 parts in flight per upload. lib-storage holds each part twice for a moment (its incoming
 * chunks, then their concatenation), and the garbage of a fast stream lingers until V8 collects
 * external memory: measured on a 200 MB upload (npm run bench:upload), four parts in flight grew
 * the process by about 100 MB, two by well under the 64 MB goal, at about the same speed.
 */
export const DOCUMENTS_S3_QUEUE_SIZE = 2;

/** The storage of this configuration, with the documents service's bound on S3 upload memory. */
export function documentsStorage(config: AppConfig): FileStorage {
  if (config.STORAGE_DRIVER === 's3' && config.S3_BUCKET) {
    return new S3FileStorage({
      client: s3ClientFor(config),
      bucket: config.S3_BUCKET,
      queueSize: DOCUMENTS_S3_QUEUE_SIZE,
    });
  }
  return createStorage(config);
}

/** FileStorage for the documents service (Nest closes it, and its S3 connections, at shutdown). */
export const DOCUMENTS_STORAGE: Provider = { provide: FileStorage, inject: [AppConfig], useFactory: documentsStorage };
