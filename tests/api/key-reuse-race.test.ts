/**
 * docs/testing.md#reliability-suites, "same id, different content": 200 pairs in `npm test`, 5,000
 * in `npm run torture`, each pair's two contents sent at the same moment. One applies, the other is
 * `key-reused`; the same checker must catch the `no-dedup` variant, which applies both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reliability, scaled } from '../support/reliability';
import { signIn } from './support/api';
import { keyReuseRaceViolations } from './support/key-reuse-race';
import { startBrokenServer, startTestServer } from './support/server';
import type { RunningServer } from './support/server';

const PAIRS = scaled(200, 5000);

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

describe('same id, different content', { timeout: scaled(120_000, 1_800_000) }, () => {
  it(`${PAIRS} pairs sent at once: one applies, the other is key-reused`, async (context) => {
    reliability(context, { suite: 'same id, different content', count: PAIRS, unit: 'pairs' });
    expect(await keyReuseRaceViolations(await signIn(real.url), PAIRS)).toEqual([]);
  });

  it('the same checker sees both applied when deduplication is switched off', async () => {
    const violations = await keyReuseRaceViolations(await signIn(broken.url), 20);
    expect(violations.join('\n')).toMatch(/2 effects|expected one 201|not key-reused/);
  });
});
