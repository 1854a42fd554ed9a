import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant (`npm run mutation`, stryker.config.json): the unit
 * tests beside the pure cores, plus the black-box API suites that drive the operation pipeline
 * (src/server/operations.ts has no unit test of its own; these check its order of checks, and
 * status.test.ts its status answers on a frozen tester clock: fast and deterministic).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
    include: [
      'src/protocol/**/*.test.ts',
      'src/client/core/**/*.test.ts',
      'src/server/core/**/*.test.ts',
      'tests/api/order-of-checks.test.ts',
      'tests/api/idempotency.test.ts',
      'tests/api/hostile-input.test.ts',
      'tests/api/status.test.ts',
    ],
    exclude: [...configDefaults.exclude],
  },
});
