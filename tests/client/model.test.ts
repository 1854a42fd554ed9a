/**
 * Model-based fault schedules (fast-check `fc.commands`) against the REAL server: adjustments,
 * transfers between main and the back room, count lines and the apply of a stock-take, drain,
 * dropped requests and responses, failures before commit, delays past the timeout, concurrent
 * duplicates from two tabs, server restarts, tabs restarted mid-send or closed before the local
 * commit, offline/online, cleanup and clock jumps. After each schedule the checker verifies
 * nothing lost, nothing doubled, nothing falsely confirmed (a transfer: both sides once or neither;
 * the stock-take's apply: what the core's apply rule says); the same checker must catch the
 * deliberately broken variants. `TORTURE=1` runs 10,000 schedules; `MODEL_SEED` (and
 * `MODEL_PATH`) replay a run (a schedule). `SETTLE_TICK_MS=1` stands in for a badly loaded machine
 * (nearly every request outlives the device's patience): safety must hold, coverage may not.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWrites } from '../../src/client/transactions/outbox';
import { reliability, runSeed, scaled } from '../support/reliability';
import { newIdPerRetry, receiptOutsideTx } from './support/broken-variants';
import { COMMANDS, InvariantViolation } from './support/model-commands';
import { Coverage, ModelServer, World } from './support/model-world';

const RUNS = Number(process.env.MODEL_RUNS ?? scaled(300, 10_000));
const SEED = Number(process.env.MODEL_SEED ?? runSeed());

/** Paths every run must reach (each is seen many times in 300 schedules). */
const EXERCISED = [
  'attempt:send:timeout:-',
  'attempt:send:network-error:-',
  'attempt:send:response:200',
  'attempt:send:http-error:410',
  'attempt:send:http-error:503',
  'attempt:status:response:200',
  'same id in flight twice',
  'server restart',
  'tab closed before the local commit',
  'decided by status',
  'state:confirmed',
  'state:rejected',
  'state:review:receipt',
  'applied:adjust',
  'applied:transfer',
  'applied:stocktakeCount',
  'applied:applyStocktake',
];

let server: ModelServer;
beforeAll(async () => {
  server = await ModelServer.start();
});
afterAll(async () => {
  await server.close();
});

function schedules(outbox?: () => OutboxWrites, coverage?: Coverage) {
  return fc.asyncProperty(
    fc.integer({ min: 1, max: 2_147_483_646 }),
    fc.commands(COMMANDS, { maxCommands: 10 }),
    async (seed, commands) => {
      const world = await World.create(server, seed, outbox, coverage);
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
  it(
    `the client keeps every safety property over ${RUNS} schedules`,
    async (context) => {
      reliability(context, {
        suite: 'model-based fault schedules',
        count: RUNS,
        unit: 'schedules',
        seed: SEED,
      });
      console.log(`model-based schedules: seed ${SEED} (replay with MODEL_SEED=${SEED})`);
      const coverage = new Coverage();
      await fc.assert(schedules(undefined, coverage), {
        numRuns: RUNS,
        seed: SEED,
        // Replay one failing schedule: MODEL_SEED=<seed> MODEL_PATH=<path> (both printed on failure).
        ...(process.env.MODEL_PATH ? { path: process.env.MODEL_PATH } : {}),
        endOnFailure: !process.env.SHRINK,
      });
      expect(coverage.missing(EXERCISED)).toEqual([]);
      console.log(
        [...coverage.seen.entries()]
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      );
    },
    scaled(1_800_000, 7_200_000),
  );

  const broken: [string, () => OutboxWrites, RegExp][] = [
    ['a new id per retry', newIdPerRetry, /doubled intent|effects/],
    [
      'the receipt applied outside the local transaction',
      receiptOutsideTx,
      /without a stored receipt/,
    ],
  ];
  it.each(broken)(
    'the checker catches a broken client: %s',
    async (_name, outbox, expected) => {
      const result = await fc.check(schedules(outbox), {
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
