import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The browser suites alone: real Chromium against the real server serving a fresh build of the
 * PWA (global-setup.ts). `npx vitest run -c tests/e2e/vitest.config.ts`. One file at a time: each
 * starts a browser and a server, and the machines running them are small.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
