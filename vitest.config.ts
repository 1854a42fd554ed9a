import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One runner for every suite. `main`: unit tests beside the code, the black-box API, client,
 * Postgres and multi-process suites in tests/. `browser`: the PWA in real Chromium against the real
 * server serving a fresh build (tests/e2e/global-setup.ts), two files at a time: each file has its
 * own server and Chromium, and most of a browser test is waiting for the page, so a second file
 * fills that time (a third only slows the others on two cores). `npm test` runs the projects in
 * one run (scripts/test.sh). Where the time goes: docs/testing.md#where-the-time-goes.
 */
const shared = {
  environment: 'node' as const,
  testTimeout: 120_000,
  hookTimeout: 180_000,
  env: { LOG_LEVEL: 'silent' },
  // expect.poll gives up after 1 s by default: on a machine busy with other work that is a
  // timing assumption, not a check. A poll waits for a state; its deadline only bounds a hang.
  expect: { poll: { timeout: 30_000 } },
};

/** Test files that replace a module with `vi.mock`: each needs a module graph of its own. */
export const MOCKS_A_MODULE = ['tests/api/undocumented-route.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    // After the usual report, one line per reliability suite (counts, seeds): tests/support/.
    reporters: ['default', './tests/support/reliability-reporter.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          // A worker's files share its modules (187 s → 133 s of this project, quiet): the tests
          // start their servers and stores themselves and keep no state in modules. A file that
          // replaces a module (`vi.mock`) runs in `isolated`.
          isolate: false,
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**', ...MOCKS_A_MODULE],
        },
      },
      {
        test: { ...shared, name: 'isolated', include: [...MOCKS_A_MODULE] },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
