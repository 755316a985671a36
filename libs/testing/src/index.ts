export * from './database';
export * from './processes';
export * from './tokens';
