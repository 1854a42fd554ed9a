/**
 * `npm run lighthouse`: Lighthouse's mobile performance score for a cold visit to the sign-in
 * screen (issue 13: ≥ 95). A one-off measurement, not part of `npm test` or `npm run bench`:
 * Lighthouse is fetched with npx at a pinned version rather than installed with the project.
 *
 * Builds the PWA (production, as shipped: pre-compressed, split), serves it from a server on a
 * fresh database on loopback, and runs Lighthouse's default mobile profile (simulated slow 4G,
 * 4× CPU slowdown, phone screen) in headless Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Prints the score and the metrics; the full report goes to .tmp/lighthouse/report.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../bench/support/browser-app';
import { pageServerEnv } from '../bench/support/browser-page';
import { REPO_ROOT, withServers } from '../bench/support/server-process';

export const LIGHTHOUSE_VERSION = '12.8.2';

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
  lighthouseVersion: string;
  categories: { performance: { score: number } };
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
}

await buildApp(dist);
await withServers([{ env: pageServerEnv(join(work, 'server'), dist) }], async ([server]) => {
  if (!server) throw new Error('no server');
  await run(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      `${server.url}/`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-background-networking',
    ],
    { ...process.env, CHROME_PATH: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' },
  );
});
const result = JSON.parse(readFileSync(report, 'utf8')) as Report;
const metrics = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'total-byte-weight',
];
console.log(
  `Lighthouse ${result.lighthouseVersion}, mobile, cold sign-in screen: performance ${Math.round(
    result.categories.performance.score * 100,
  )}`,
);
for (const id of metrics) console.log(`  ${id}: ${result.audits[id]?.displayValue ?? '?'}`);
console.log(`report: ${report}`);
