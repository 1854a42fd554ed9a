/**
 * Model-based fault schedules (fast-check `fc.commands`) against the REAL server: enqueue, drain,
 * dropped requests and responses, failures before commit, delays past the timeout, concurrent
 * duplicates from two tabs, server restarts, tabs restarted mid-send or closed before the local
 * commit, offline/online, cleanup and clock jumps. After each schedule the checker verifies
 * nothing lost, nothing doubled, nothing falsely confirmed; the same checker must catch the
 * deliberately broken variants. `TORTURE=1` runs 10,000 schedules; `MODEL_SEED` replays one run.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SenderSeams } from '../../src/client/sender';
import { newIdPerRetry, receiptOutsideTx } from './support/broken-variants';
import { COMMANDS, InvariantViolation } from './support/model-commands';
import { ModelServer, World } from './support/model-world';

const RUNS = Number(process.env.MODEL_RUNS ?? (process.env.TORTURE ? 10_000 : 300));
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2_147_483_647);

let server: ModelServer;
beforeAll(async () => {
  server = await ModelServer.start();
});
afterAll(async () => {
  await server.close();
});

function schedules(seams?: SenderSeams) {
  return fc.asyncProperty(
    fc.integer({ min: 1, max: 2_147_483_646 }),
    fc.commands(COMMANDS, { maxCommands: 10 }),
    async (seed, commands) => {
      const world = await World.create(server, seed, seams);
      try {
        await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
        const problems = await world.finish();
        if (problems.length) throw new InvariantViolation(problems);
      } finally {
        world.dispose();
      }
    },
  );
}

describe('model-based fault schedules', () => {
  it(`the client keeps every safety property over ${RUNS} schedules`, async () => {
    console.log(`model-based schedules: seed ${SEED} (replay with MODEL_SEED=${SEED})`);
    await fc.assert(schedules(), { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.SHRINK });
  }, 1_800_000);

  const broken: [string, SenderSeams, RegExp][] = [
    ['a new id per retry', newIdPerRetry, /doubled intent|effects/],
    [
      'the receipt applied outside the local transaction',
      receiptOutsideTx,
      /without a stored receipt/,
    ],
  ];
  it.each(broken)(
    'the checker catches a broken client: %s',
    async (_name, seams, expected) => {
      const result = await fc.check(schedules(seams), {
        numRuns: 300,
        seed: SEED,
        endOnFailure: true,
      });
      expect(result.failed).toBe(true);
      expect(result.errorInstance).toBeInstanceOf(InvariantViolation);
      expect(String(result.errorInstance)).toMatch(expected);
    },
    600_000,
  );
});
