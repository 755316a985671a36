export * from './admin';
export * from './data-source';
export * from './database.module';
export * from './shared-pool';
export * from './notifications';
