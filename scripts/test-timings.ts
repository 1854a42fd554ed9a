/**
 * Writes tests/timings.json from the durations vitest kept of the last `npm test` (its cache in
 * node_modules): the order a fresh clone's run follows (tests/support/committed-timings.ts).
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIMINGS_FILE, type Timings } from '../tests/support/committed-timings';

const CACHE = 'node_modules/.vite/vitest';

interface VitestResults {
  projects: Record<string, { files: Record<string, { duration?: number }> }>;
}

const newest = readdirSync(CACHE)
  .map((dir) => join(CACHE, dir, 'results.json'))
  .filter((file) => statSync(file, { throwIfNoEntry: false }))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!newest) throw new Error(`no vitest results in ${CACHE}: run npm test first`);
const { projects } = JSON.parse(readFileSync(newest, 'utf8')) as VitestResults;
const timings: Timings = {};
for (const [project, { files }] of Object.entries(projects).sort(([a], [b]) =>
  a.localeCompare(b),
)) {
  timings[project] = Object.fromEntries(
    Object.entries(files)
      // Files run once and since removed or renamed stay in the cache.
      .filter(([file, r]) => r.duration !== undefined && existsSync(file))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, r]) => [file, Math.round(r.duration ?? 0)]),
  );
}
writeFileSync(TIMINGS_FILE, `${JSON.stringify(timings, null, 2)}\n`);
console.log(
  `${TIMINGS_FILE}: ${Object.values(timings).reduce((n, f) => n + Object.keys(f).length, 0)} files`,
);
