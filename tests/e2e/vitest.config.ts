import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config';

/**
 * The browser suites: real Chromium against the real server serving a fresh build of the PWA.
 * `npx vitest run -c tests/e2e/vitest.config.ts`. One file at a time: each starts a browser and a
 * server, and the machines running them are small.
 */
export default defineConfig({
  ...base,
  root: resolve(import.meta.dirname, '../..'),
  test: {
    ...base.test,
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
  },
});
