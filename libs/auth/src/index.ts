export * from './auth-user';
export * from './auth.guard';
export * from './auth.module';
export * from './decorators';
export * from './jwt-keys';
export * from './session-revocation';
export * from './token.service';
export * from './opaque-tokens';
