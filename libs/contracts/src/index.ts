/**
 * The request and response shapes of the API, defined once: the server's DTOs implement them and
 * the web app's calls send and read them, so a field renamed on one side fails the type check of
 * the other. Plain TypeScript only (no Nest, class-validator, Node or DOM): the server compiles
 * this lib and Vite bundles it into the browser.
 */
export * from './common';
export * from './auth';
export * from './user-types';
export * from './profiles';
export * from './catalog';
export * from './onboarding';
export * from './messages';
export * from './newsletter';
export * from './intake';
export * from './deadline-alerts';
export * from './billing';
export * from './documents';
export * from './audit';
