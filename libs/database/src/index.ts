export * from './admin';
export * from './data-source';
export * from './database.module';
