// Lint is part of `npm test`. Besides the recommended rules it enforces the import
// direction of docs/architecture.md (Layers): console → client; sw, node → api → db. The
// console never imports api or db; db never imports api. src/wire holds the API's JSON
// as types only (decision 0017): it imports nothing outside itself and declares nothing
// that exists at run time, and every layer imports it with `import type`, so it is never
// a dependency of the code that runs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['src/db/**'], rules: forbid(['**/api/**', '**/console/**', '**/client/**', '**/node/**'], 'db is the engine: it never imports HTTP, the console or a host') },
  // The api reaches the database through its narrow surface (docs/decisions/0018-narrow-db-surface.md): the
  // top-level db modules and each part's entry point (`db/<part>`, its index.ts), never a file inside a part.
  {
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/console/**', '**/client/**', '**/node/**', '**/sw/**'], message: 'api depends on db only' },
            { group: ['**/db/*/*'], message: "the api imports a db part through its entry point ('../db/<part>'), never a file inside it (docs/decisions/0018-narrow-db-surface.md)" },
          ],
        },
      ],
    },
  },
  { files: ['src/console/**'], rules: forbid(['**/api/**', '**/db/**', '**/node/**', '**/sw/**'], 'the console reaches the database only over HTTP through src/client') },
  // The testing kit (tabula/testing) drives Tabula as any spec would: through a page, over HTTP.
  { files: ['src/testing/**'], rules: forbid(['**/api/**', '**/db/**', '**/console/**', '**/node/**', '**/sw/**'], 'the testing kit reaches Tabula only through a page, over HTTP') },
  { files: ['src/client/**'], rules: forbid(['**/api/**', '**/db/**', '**/console/**', '**/node/**'], 'the client speaks HTTP only') },
  {
    files: ['src/wire/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)|\\.\\.', message: 'src/wire is the wire types alone: it imports only its own modules' }] }],
      'no-restricted-syntax': [
        'error',
        ...['VariableDeclaration', 'FunctionDeclaration', 'ClassDeclaration', 'TSEnumDeclaration', 'TSModuleDeclaration', 'ExportDefaultDeclaration', 'ExpressionStatement'].map((selector) => ({
          selector,
          message: 'src/wire holds types only (export type / export interface): nothing that exists at run time',
        })),
        { selector: "ImportDeclaration[importKind='value'], ExportNamedDeclaration[exportKind='value'][source], ExportAllDeclaration[exportKind='value']", message: 'src/wire imports and re-exports with `import type` / `export type`' },
      ],
    },
  },
  {
    files: ['src/**', 'sw/**', 'test/**', 'e2e/**', 'bench/**', 'scripts/**', 'demos/**'],
    ignores: ['src/wire/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/\\Wwire\\W/], ExportNamedDeclaration[exportKind='value'][source.value=/\\Wwire\\W/], ExportAllDeclaration[exportKind='value'][source.value=/\\Wwire\\W/]",
          message: 'src/wire is types only: import it with `import type` (and re-export with `export type`)',
        },
      ],
    },
  },
);
