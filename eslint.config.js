// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import local from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', '.tmp', 'coverage', 'src/locales/**/*.ts', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The shared domain layer runs in the browser and on the server: no I/O, no DOM, no Node.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', 'dexie', '../*/**', '@/*'] }],
    },
  },
  {
    // The layers of the client and what each may import (eslint-rules/boundaries.js,
    // docs/architecture.md "Layers"); tests/unit/lint-boundaries.test.ts plants a violation of each.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/boundaries': ['error', { root: import.meta.dirname }] },
  },
  {
    files: ['server/**/*.ts', 'tests/server/**/*.ts', 'tests/e2e/**/*.ts', 'scripts/**/*', 'bench/**/*', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
