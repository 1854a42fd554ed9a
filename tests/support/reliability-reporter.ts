/**
 * Prints one line per reliability suite (docs/testing.md#reliability-suites) after the run: what it
 * ran, its seeds, whether every test of it passed, and how long it took. Tests tag themselves
 * through `reliability()` in ./reliability.ts.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { TORTURE, type ReliabilityRun } from './reliability';

interface Line {
  /** unit → count: one suite may count two things (crash schedules and process kills). */
  counts: Map<string, number>;
  seeds: number[];
  passed: boolean;
  ms: number;
}

export default class ReliabilityReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines = new Map<string, Line>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const run: ReliabilityRun | undefined = test.meta().reliability;
        if (run === undefined) continue;
        const line: Line = lines.get(run.suite) ?? {
          counts: new Map(),
          seeds: [],
          passed: true,
          ms: 0,
        };
        line.counts.set(run.unit, (line.counts.get(run.unit) ?? 0) + run.count);
        if (run.seed !== undefined && !line.seeds.includes(run.seed)) line.seeds.push(run.seed);
        line.passed &&= test.result().state === 'passed';
        line.ms += test.diagnostic()?.duration ?? 0;
        lines.set(run.suite, line);
      }
    }
    if (lines.size === 0) return;
    const mode = TORTURE ? 'torture counts' : 'npm test counts';
    console.log(`\nReliability suites (${mode})`);
    for (const [suite, l] of lines) {
      const seeds = l.seeds.length ? `, seed ${l.seeds.join(' ')}` : '';
      const mark = l.passed ? 'passed' : 'FAILED';
      const counted = [...l.counts]
        .map(([unit, n]) => `${n.toLocaleString('en')} ${unit}`)
        .join(' + ');
      console.log(`  ${mark}  ${suite}: ${counted}${seeds}, ${(l.ms / 1000).toFixed(1)} s`);
    }
  }
}
