export * from './errors';
export * from './file-storage';
export * from './keys';
export * from './local-file-storage';
export * from './s3-file-storage';
export * from './storage.module';
export * from './unreferenced';
