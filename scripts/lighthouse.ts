/**
 * `npm run lighthouse`: Lighthouse's mobile performance score for a cold visit to the sign-in
 * screen (issues 13 and 29: ≥ 95 on both pinned versions). A one-off measurement, not part of
 * `npm test` or `npm run bench`: Lighthouse is fetched with npx at a pinned version rather than
 * installed with the project.
 *
 *     npm run lighthouse                        # 3 runs on each of LIGHTHOUSE_VERSIONS
 *     npm run lighthouse -- --version 12.2.3 --runs 5
 *
 * Builds the PWA (production, as shipped: pre-compressed, split), serves it from a server on a
 * fresh database on loopback, and runs Lighthouse's default mobile profile (simulated slow 4G,
 * 4× CPU slowdown, phone screen) in headless Chromium (CHROME_PATH, default /usr/bin/chromium),
 * each run in a fresh browser profile. Prints every run and each version's medians; the last
 * run's full report goes to .tmp/lighthouse/report.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../bench/support/browser-app';
import { pageServerEnv } from '../bench/support/browser-page';
import { REPO_ROOT, withServers } from '../bench/support/server-process';

/** The version the issue was measured with, and the newest at the time of issue 29. */
export const LIGHTHOUSE_VERSIONS = ['12.2.3', '12.8.2'];

const { values } = parseArgs({
  options: {
    version: { type: 'string', multiple: true, default: LIGHTHOUSE_VERSIONS },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number ≥ 1`);

const work = join(REPO_ROOT, '.tmp', 'lighthouse');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const dist = join(work, 'dist');
const report = join(work, 'report.json');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

/** Lighthouse's score and the metrics that make it, in its own units (ms, bytes). */
const METRICS = {
  score: (r: Report) => Math.round(r.categories.performance.score * 100),
  'FCP ms': (r: Report) => r.audits['first-contentful-paint']?.numericValue,
  'LCP ms': (r: Report) => r.audits['largest-contentful-paint']?.numericValue,
  'TBT ms': (r: Report) => r.audits['total-blocking-time']?.numericValue,
  CLS: (r: Report) => r.audits['cumulative-layout-shift']?.numericValue,
  'SI ms': (r: Report) => r.audits['speed-index']?.numericValue,
  kB: (r: Report) => (r.audits['total-byte-weight']?.numericValue ?? NaN) / 1000,
};
type Row = Record<keyof typeof METRICS, number>;

function row(result: Report): Row {
  return Object.fromEntries(
    Object.entries(METRICS).map(([name, read]) => [name, read(result) ?? NaN]),
  ) as Row;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function format(label: string, r: Row): string {
  const cells = Object.entries(r).map(([name, v]) =>
    `${name} ${name === 'CLS' ? v.toFixed(3) : Math.round(v)}`.padEnd(12),
  );
  return `  ${label.padEnd(8)} ${cells.join(' ')}`;
}

await buildApp(dist);
await withServers([{ env: pageServerEnv(join(work, 'server'), dist) }], async ([server]) => {
  if (!server) throw new Error('no server');
  for (const version of values.version) {
    const rows: Row[] = [];
    console.log(`Lighthouse ${version}, mobile, cold sign-in screen:`);
    for (let i = 1; i <= runs; i += 1) {
      await run(
        'npx',
        [
          '--yes',
          `lighthouse@${version}`,
          `${server.url}/`,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${report}`,
          '--quiet',
          '--chrome-flags=--headless=new --no-sandbox --disable-background-networking',
        ],
        { ...process.env, CHROME_PATH: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' },
      );
      rows.push(row(JSON.parse(readFileSync(report, 'utf8')) as Report));
      console.log(format(`run ${i}`, rows.at(-1)!));
    }
    const medians = Object.fromEntries(
      Object.keys(METRICS).map((name) => [name, median(rows.map((r) => r[name as keyof Row]))]),
    ) as Row;
    console.log(format('median', medians));
  }
});
console.log(`last report: ${report}`);
