import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Outside ca/, the CA is reached through its one entry point, ca/index.ts.
const CA_ENTRY = {
  group: ['**/ca/*', '!**/ca/index'],
  message: 'Import the CA through its entry point (server/src/ca)',
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // One rule, once: the UUID pattern lives in contract/ids.ts and the roles in contract/constants.ts.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['contract/ids.ts', 'contract/constants.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[regex.pattern=/\\[0-9a-f\\]\\{8\\}-/i]',
          message: 'Check ids with isUuid or UUID_RE from contract/ids.ts',
        },
        {
          selector: 'VariableDeclarator[id.name="ROLES"]',
          message: 'The roles are ROLES in contract/constants.ts',
        },
      ],
    },
  },
  {
    // config.ts is the only reader of the environment on the server
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/config.ts' },
      ],
    },
  },
  // Boundaries. Services hold the rules and import no Fastify (types aside); HTTP lives in routes.ts, http/ and app.ts.
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/app.ts',
      'server/src/main.ts',
      'server/src/http/**',
      'server/src/**/routes.ts',
      'server/src/accounts/registrationForm.ts',
      'server/src/integrations/stipa/simulator.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', '**/http/guard'],
              allowTypeImports: true,
              message: 'Services import no Fastify: HTTP belongs in routes.ts',
            },
            CA_ENTRY,
          ],
        },
      ],
    },
  },
  {
    files: [
      'server/src/app.ts',
      'server/src/main.ts',
      'server/src/http/**',
      'server/src/**/routes.ts',
      'server/src/accounts/registrationForm.ts',
      'server/src/integrations/stipa/simulator.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [CA_ENTRY] }] },
  },
  // The CA signs and lints; its records go through a store, so it imports no database code, HTTP or config.
  {
    files: ['server/src/ca/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db', '**/db/*', 'pg', '@electric-sql/*'],
              message: 'ca/ touches no database: use a store outside ca/',
            },
            {
              group: ['fastify', '@fastify/*', '**/http/*', '**/config'],
              allowTypeImports: true,
              message: 'ca/ has no HTTP and reads no configuration',
            },
          ],
        },
      ],
    },
  },
  // contract/ is shared by both sides: no React and no server code.
  {
    files: ['contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react-admin',
                'ra-*',
                '@mui/*',
                'fastify',
                '@fastify/*',
                '**/server/**',
                '**/src/**',
              ],
              message: 'contract/ imports no React and no server code',
            },
          ],
        },
      ],
    },
  },
  // The web app reaches the server only over HTTP.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'fastify', '@fastify/*', 'pg', '@electric-sql/*'],
              message: 'src/ imports no server code',
            },
            {
              // the wire shapes are TypeBox schemas: the browser takes their types, never the schemas
              group: ['**/contract/wire/*', '@sinclair/typebox', '@sinclair/typebox/*'],
              allowTypeImports: true,
              message: 'The web app imports the wire shapes as types only (import type)',
            },
          ],
        },
      ],
    },
  },
  // Sizes a reader can hold: a file does one thing, a function fits on a screen (tests and message files aside).
  {
    files: ['server/src/**/*.ts', 'src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['src/i18n/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
