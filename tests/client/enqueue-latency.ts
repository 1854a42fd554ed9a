/**
 * Enqueue-to-durable latency (p50/p99) of the client core in REAL Chromium: `npx tsx
 * tests/client/enqueue-latency.ts [taps]`. A measurement to report, not a test (no timed
 * assertion). "Paced" waits for the view to catch up between taps, as a person does; "burst"
 * taps again as soon as the previous change is durable.
 */
import { join } from 'node:path';
import { launchBrowser } from '../e2e/support/browser';
import { serveBundle } from './support/test-page';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const taps = Number(process.argv[2] ?? 500);
  const page = await serveBundle(join(import.meta.dirname, 'browser/latency-page.ts'));
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    await tab.waitForFunction(() => 'measureEnqueue' in globalThis);
    for (const durability of ['strict', 'relaxed'] as const) {
      for (const paced of [true, false]) {
        const samples = await tab.evaluate(
          ([n, p, d]) =>
            (
              globalThis as unknown as {
                measureEnqueue: (n: number, p: boolean, d: string) => Promise<number[]>;
              }
            ).measureEnqueue(n, p, d),
          [taps, paced, durability] as const,
        );
        const sorted = [...samples].sort((a, b) => a - b);
        const ms = (p: number) => percentile(sorted, p).toFixed(2);
        console.log(
          `${durability} ${paced ? 'paced' : 'burst'}: ${taps} taps, p50 ${ms(50)} ms, p99 ${ms(99)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(2)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    await page.close();
  }
}

await main();
