/**
 * The order of `npm test`'s files where vitest has no timings of its own. Vitest keeps each file's
 * last duration in node_modules and runs the longest first; a fresh clone has none, so it ran each
 * project's files largest first, and the slowest browser files met at the end (a clone's run took
 * 444–498 s against a checkout's 450). Here a run without a full cache orders each project's files
 * by the durations committed in tests/timings.json, longest first, files it has none for first;
 * `npx tsx scripts/test-timings.ts` writes that file again from the last run's cache.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Project name → file (from the repository's root) → milliseconds. */
export type Timings = Record<string, Record<string, number>>;

export const TIMINGS_FILE = 'tests/timings.json';

/**
 * `ordered` as vitest orders it (its projects and their groups in turn), each run of one group
 * longest first by `ms`; files without a duration first, in their order.
 */
export function longestFirst<T>(
  ordered: readonly T[],
  groupOf: (file: T) => string,
  ms: (file: T) => number | undefined,
): T[] {
  const rank = (file: T) => ms(file) ?? Infinity;
  return ordered
    .map((file, index) => ({ file, index }))
    .sort((a, b) => {
      if (groupOf(a.file) !== groupOf(b.file)) return a.index - b.index;
      const longer = rank(b.file) - rank(a.file);
      return Number.isNaN(longer) || longer === 0 ? a.index - b.index : longer;
    })
    .map(({ file }) => file);
}

export default class CommittedTimings extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    if (files.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return ordered;
    const root = this.ctx.config.root;
    const timings = JSON.parse(readFileSync(join(root, TIMINGS_FILE), 'utf8')) as Timings;
    return longestFirst(
      ordered,
      (file) => `${file.project.name}:${file.project.config.isolate}`,
      (file) => timings[file.project.name]?.[relative(root, file.moduleId)],
    );
  }
}
