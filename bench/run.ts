/**
 * `npm run bench [-- --quick] [-- --only a,b] [-- --profile] [-- --keep]`: runs every figure of
 * bench/registry.ts one after another on this machine, prints a table, and writes
 * bench/results.json. A figure that throws is reported as failed and the run goes on.
 *
 *   --quick    smaller counts: the whole run in under 3 minutes
 *   --only     run just these figures (comma-separated names)
 *   --profile  spawned servers write CPU profiles to bench/.profiles/<figure>/ (see profile-summary.ts)
 *   --keep     keep bench/.data/ (the databases) for a look afterwards
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { entryOf, failedEntry, table, type Entry } from './report';
import { FIGURES } from './registry';
import { REPO_ROOT } from './support/server-process';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const benchDir = join(REPO_ROOT, 'bench');
const dataDir = join(benchDir, '.data');
const only = values.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((n) => !FIGURES.some((f) => f.name === n)) ?? [];
if (unknown.length) {
  console.error(
    `unknown figure(s): ${unknown.join(', ')}; known: ${FIGURES.map((f) => f.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen = FIGURES.filter((f) => !only || only.includes(f.name));

/** A hung figure fails (its leftover servers die with this process) and the run goes on. */
const limitSeconds = values.quick ? 120 : 600;
async function withinLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no result within ${limitSeconds}s`)),
      limitSeconds * 1000,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

rmSync(dataDir, { recursive: true, force: true });
const results: Record<string, Entry> = {};
const runStarted = performance.now();
console.log(`bench: ${chosen.length} figures${values.quick ? ' (quick)' : ''}\n`);
for (const figure of chosen) {
  const workDir = join(dataDir, figure.name);
  mkdirSync(workDir, { recursive: true });
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`${figure.name} … `);
  try {
    const result = await withinLimit(
      figure.run({
        quick: values.quick,
        workDir,
        ...(values.profile ? { profileDir: join(benchDir, '.profiles', figure.name) } : {}),
      }),
    );
    results[figure.name] = entryOf(figure.target, {
      ...result,
      details: { ...result.details, seconds: seconds() },
    });
    console.log(
      `${result.value} (target ${figure.target}) ${result.pass ? 'pass' : 'FAIL'} in ${seconds()}s`,
    );
  } catch (error) {
    results[figure.name] = failedEntry(figure.target, error, seconds());
    console.log(`FAIL in ${seconds()}s: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!values.keep) rmSync(workDir, { recursive: true, force: true });
}

const total = Math.round((performance.now() - runStarted) / 1000);
console.log(`\n${table(results)}\n\ntotal ${total}s`);
writeFileSync(join(benchDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('wrote bench/results.json');
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
