export * from './config';
export * from './config.module';
