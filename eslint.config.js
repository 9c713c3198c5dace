// Lint is part of `npm test`. Besides the recommended rules it enforces the import
// direction of docs/architecture.md (Layers): console → client; sw, node → api → db. The console never
// imports api or db; db never imports api.
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
  { files: ['src/api/**'], rules: forbid(['**/console/**', '**/client/**', '**/node/**', '**/sw/**'], 'api depends on db only') },
  { files: ['src/console/**'], rules: forbid(['**/api/**', '**/db/**', '**/node/**', '**/sw/**'], 'the console reaches the database only over HTTP through src/client') },
  { files: ['src/client/**'], rules: forbid(['**/api/**', '**/db/**', '**/console/**', '**/node/**'], 'the client speaks HTTP only') },
);
