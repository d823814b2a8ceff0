import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { catalogSplit } from './scripts/catalog-split.ts';
import { linguiMacros } from './scripts/lingui-macros.ts';

// The unit project renders components: it needs the same Lingui macro and .po transforms as the app.
// Four projects: `unit` (app logic in happy-dom with fake-indexeddb), `sync` (the write queue in
// Node with fake-indexeddb against the real API in-process), `server` (the API
// in-process on PGlite in memory, or PostgreSQL with TEST_DATABASE_URL), `e2e` (the built app
// served by the real server, driven in Chromium).
// Browser and multi-process tests get one retry: on this 2-core machine a run of the whole suite
// now and then starves one step past its wait (docs/decisions.md, "One retry for browser tests").
// A test that passes only on its retry is named at the end of the run (tests/flaky-reporter.ts).
const BROWSER_RETRY = 1;

export default defineConfig({
  test: {
    reporters: ['default', './tests/flaky-reporter.ts'],
    projects: [
      {
        plugins: [linguiMacros(), react(), lingui(), catalogSplit()],
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Above the 15 s a single wait may take (tests/unit/setup.ts): a multi-step screen test on a
          // loaded 2-core machine must not time out as a whole while each step is still in time.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sync',
          environment: 'node',
          include: ['tests/sync/**/*.test.ts'],
          setupFiles: ['tests/sync/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          retry: BROWSER_RETRY,
        },
      },
      {
        test: {
          // Two server processes behind scripts/local-proxy.ts on one PostgreSQL (TEST_DATABASE_URL)
          // and one local S3 bucket: CI's scale-out step. Without TEST_DATABASE_URL every test skips.
          name: 'scaleout',
          environment: 'node',
          include: ['tests/scaleout/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          retry: BROWSER_RETRY,
        },
      },
    ],
  },
});
