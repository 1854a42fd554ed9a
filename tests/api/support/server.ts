/** Starting the server under test (src/server/start.ts) the way every black-box file does. */
import { startServer } from '../../../src/server/start';
import type { RunningServer } from '../../../src/server/start';
import { openBrokenStore, type BrokenVariant } from '../../support/broken-stores/open';

export type { RunningServer };

export const BASE_ENV: Record<string, string> = {
  DATABASE_URL: 'sqlite::memory:',
  PORT: '0',
  HOST: '127.0.0.1',
  SIMULATE: '1',
  DEMO: '1',
  STOCKROOM_SECRET: 'test-secret',
  // Cheap password hashes for the many sign-ins of the suites (production's N = 2^17 is tested
  // in src/server/passwords.test.ts and tests/api/production.test.ts).
  PASSWORD_COST: '12',
  // Only POST /api/sim/cleanup runs the retention job here, so every count is the test's own.
  CLEANUP_INTERVAL: '365d',
};

/** The retry-window lesson's scale (seed 000): deadline at minute 20, replies compacted at 12. */
export const LESSON_ENV: Record<string, string> = {
  LEASE_TTL: '20m',
  RECEIPT_TTL: '12m',
  TOMBSTONE_GRACE: '0',
  SETTLE: '0',
};

export function startTestServer(
  env: Record<string, string | undefined> = {},
): Promise<RunningServer> {
  return startServer({ ...BASE_ENV, ...env });
}

/** The same server on a deliberately broken store, which the suite at hand must catch. */
export function startBrokenServer(
  variant: BrokenVariant,
  env: Record<string, string | undefined> = {},
): Promise<RunningServer> {
  return startServer(
    { ...BASE_ENV, ...env },
    { openStore: (settings) => openBrokenStore(settings, variant) },
  );
}

export const MINUTE = 60_000;
