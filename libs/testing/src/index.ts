export * from './accounts';
export * from './database';
export * from './mail';
export * from './processes';
export * from './queues';
export * from './servers';
export * from './tokens';
export * from './validate-body';
