import { defineConfig } from 'vitest/config';

// One runner for every suite: unit tests beside the code, black-box and browser suites in tests/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
});
