/**
 * docs/api.md#order-of-checks step 6: a concurrent duplicate loses on the unique constraint, waits
 * for the winner and returns the winner's receipt as a replay, never a 500. 200 ids × 4 concurrent
 * copies on one server (the duplicate race of docs/testing.md#reliability-suites, each id an
 * adjustment, a transfer or a stock-take's count line); the same checker must catch the `no-dedup`
 * variant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateRaceViolations } from '../support/duplicate-race';
import { reliability, scaled } from '../support/reliability';
import { startBrokenServer, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

const IDS = scaled(200, 5000);
const COPIES = scaled(4, 8);

let real: RunningServer;
let broken: RunningServer;

beforeAll(async () => {
  real = await startTestServer();
  broken = await startBrokenServer('no-dedup');
}, 60_000);

afterAll(async () => {
  await real.close();
  await broken.close();
});

describe('concurrent duplicates', { timeout: scaled(120_000, 1_800_000) }, () => {
  it(`${IDS} ids × ${COPIES} copies at once: one effect each, identical bodies, no 5xx`, async (context) => {
    reliability(context, {
      suite: 'duplicate race, one process',
      count: IDS,
      unit: `ids × ${COPIES} copies`,
    });
    expect(await duplicateRaceViolations([real.url], IDS, COPIES)).toEqual([]);
  });

  it('the same checker sees the duplicates when deduplication is switched off', async () => {
    const violations = await duplicateRaceViolations([broken.url], 20, COPIES);
    expect(violations.length).toBeGreaterThan(0);
  });
});
