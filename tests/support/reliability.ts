/**
 * The reliability suites of docs/testing.md#reliability-suites tag their tests with what they ran
 * (how many cases, which seed), and `reliability-reporter.ts` prints one summary line per suite at
 * the end of a run. `TORTURE=1` (npm run torture) raises every count to its torture size.
 */
import type { TestContext } from 'vitest';

export interface ReliabilityRun {
  /** The suite's name as in docs/testing.md#reliability-suites; tests of one suite add up into one line. */
  suite: string;
  count: number;
  /** What `count` counts: "schedules", "kills", "pairs", "cases"… */
  unit: string;
  /** The seed that replays the run, where the suite is randomised. */
  seed?: number;
}

declare module 'vitest' {
  interface TaskMeta {
    reliability?: ReliabilityRun;
  }
}

export const TORTURE = Boolean(process.env['TORTURE']);

/** The count for `npm test`, or for `npm run torture`. */
export const scaled = (normal: number, torture: number): number => (TORTURE ? torture : normal);

/** A seed for a randomised suite: `SEED=n` replays a run, otherwise a fresh one. */
export function runSeed(): number {
  return Number(process.env['SEED'] ?? Date.now() % 2_147_483_647);
}

/** Records what this test ran, for the summary line of its suite. */
export function reliability(context: TestContext, run: ReliabilityRun): void {
  context.task.meta.reliability = run;
}

/** A browser reliability scenario (`beforeEach`): `npm run torture` repeats these files 20×. */
export function browserScenario(context: TestContext): void {
  reliability(context, { suite: 'browser, real Chromium', count: 1, unit: 'scenarios' });
}
