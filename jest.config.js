// Three tiers, one config: `jest --selectProjects unit|int|e2e`.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

// ESM-only dependencies (jest on Node 20 cannot require(esm)): compiled to CommonJS by swc.
// @fastify/cookie loads its `cookie` (ESM) with import(), which jest's module system refuses.
// otplib's CommonJS build requires @scure/base and @noble/hashes, both ESM only.
const ESM_PACKAGES = ['content-disposition', '@fastify/cookie', 'cookie', '@scure/base', '@noble/hashes'];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': swc },
  // Matched against the innermost node_modules, so a nested copy (@fastify/static's content-disposition) counts.
  transformIgnorePatterns: [`/node_modules/(?!(?:.*/node_modules/)?(?:${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: { '^@portal/(.*)$': '<rootDir>/libs/$1/src' },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/web/dist/', '<rootDir>/.data/'],
};

const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  // Global only (jest ignores it per project): integration and browser tests wait on real I/O.
  testTimeout: 60000,
  projects: [
    {
      // Web logic that needs no DOM (API client, session store, pure helpers).
      testEnvironment: 'node',
      displayName: 'web',
      transform: { '^.+\\.tsx?$': swcTsx },
      testMatch: ['<rootDir>/web/src/**/*.spec.{ts,tsx}'],
      // The one lib the web app may import (eslint.config.mjs), as web/tsconfig.json and Vite resolve it.
      // A component's CSS module is read as its class names, so its markup can be rendered to a string.
      moduleNameMapper: {
        '^@portal/contracts$': '<rootDir>/libs/contracts/src',
        '\\.module\\.css$': '<rootDir>/web/test-support/css-module.cjs',
      },
      modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/web/dist/'],
    },
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{services,libs,infra}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'int',
      testMatch: ['<rootDir>/{services,libs,infra}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/libs/testing/src/e2e-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
  ],
};
