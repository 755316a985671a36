export * from './config';
export * from './config.module';
export * from './repo-root';
export * from './schedules';
