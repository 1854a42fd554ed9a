/**
 * client_enqueue_ms: tap → operation durable in IndexedDB, in real Chromium: the duration of the
 * client core's `adjust` (strict durability), in a Chromium profile on disk (IndexedDB commits to
 * files, as on a phone; an off-the-record context would keep them in memory). Three ways, on their
 * own databases:
 * - paced: like a person, the next tap once the client is idle again (offline: only the decision);
 * - burst: the next tap as soon as the previous change is durable (offline);
 * - during a drain: the real client of bench/browser/drain-page.ts sends 10,000 queued operations
 *   (quick: 2,500) to a bench server while a person taps on the same client every TAP_EVERY_MS,
 *   each tap announced PRESS_MS before its click as the app announces a finger's landing
 *   (src/client/person-first.ts: the sender starts no transaction until the person's write); one
 *   more drain with taps nobody announced is reported beside it (`unannounced`).
 * Paced and burst alternate in rounds, then the drain rounds run. During a drain, halfway between
 * two taps, a one-record strict write to a database of its own measures the floor the moment gives
 * (`strictWriteElsewhere`: no transaction of the drain to wait behind, only the busy backend;
 * `p99VsFloor` sets the taps' p99 beside it). The
 * value is the paced p99; docs/performance.md#benchmarks asks p99 ≤ 10 ms, and ≤ 16 ms during a
 * drain: both must hold to pass. Details keep each side's p50/p99/max, each round's, and each
 * drain's length.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { DrainPage } from '../browser/drain-page';
import type { DrainTap, DuringDrain, EnqueuePage } from '../browser/enqueue-page';
import { round, type Figure } from '../figure';
import {
  bundlePage,
  openPage,
  pageServerEnv,
  profilePage,
  withProfileOnDisk,
} from '../support/browser-page';
import { demoSession } from '../support/demo-session';
import { httpClient } from '../support/http-client';
import { REPO_ROOT, withServers } from '../support/server-process';
import { percentile } from '../support/stats';

const P99_MAX_MS = 10;
const DURING_DRAIN_P99_MAX_MS = 16;
/** A brisk person during a drain: five taps a second (the client is never idle then). */
const TAP_EVERY_MS = 200;
/**
 * Finger down to click: the short end of a tap's press (80–130 ms is usual). The page tells the
 * client at the finger's landing (src/app/person-acting.ts), as the app does.
 */
const PRESS_MS = 60;

interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function spread(samples: readonly number[]): Spread {
  return {
    count: samples.length,
    p50: round(percentile(samples, 50)),
    p99: round(percentile(samples, 99)),
    max: round(Math.max(...samples)),
  };
}

/** How many of `samples` took longer than the during-drain limit. */
function over(samples: readonly number[]): number {
  return samples.filter((ms) => ms > DURING_DRAIN_P99_MAX_MS).length;
}

/**
 * Where the taps' time went during the drains: before the tap's write transaction was asked for
 * (its reads, the page's JS), in it (waiting behind the drain's transactions, its commit); and,
 * for the taps over the limit, which transaction they waited behind and how long.
 */
function waits(taps: readonly DrainTap[]): Record<string, unknown> {
  const slow = taps.filter((t) => t.ms > DURING_DRAIN_P99_MAX_MS);
  const behind = new Map<string, number[]>();
  for (const t of slow) {
    const key = t.behind ?? 'nothing running';
    behind.set(key, [...(behind.get(key) ?? []), t.behindMs]);
  }
  return {
    beforeWrite: spread(taps.map((t) => t.beforeWriteMs)),
    write: spread(taps.map((t) => t.writeMs)),
    afterWrite: spread(taps.map((t) => t.afterWriteMs)),
    longTasksWithin: spread(taps.map((t) => t.longTaskMs)),
    [`over${DURING_DRAIN_P99_MAX_MS}ms`]: {
      count: slow.length,
      write: spread(slow.map((t) => t.writeMs)),
      afterWrite: spread(slow.map((t) => t.afterWriteMs)),
      longTasksWithin: spread(slow.map((t) => t.longTaskMs)),
      behind: Object.fromEntries(
        [...behind].map(([stage, ms]) => [
          stage,
          { taps: ms.length, waitP50Ms: round(percentile(ms, 50), 1) },
        ]),
      ),
    },
  };
}

/** The demo items, which the drain's backlog adjusts round robin (as client_drain_vs_server's). */
async function demoItemIds(url: string): Promise<string[]> {
  const node = httpClient(url);
  try {
    return (await demoSession(node)).itemIds;
  } finally {
    node.close();
  }
}

/** One drain of `backlog` queued operations on a new database, tapped on throughout. */
function drainRounds(page: Page, itemIds: readonly string[], profileDir: string | undefined) {
  let serial = 0;
  return async (backlog: number, pressMs: number | null): Promise<DuringDrain> => {
    const file = profileDir ? join(profileDir, `page-drain-${serial}.cpuprofile`) : null;
    await page.evaluate(
      ([d, c, ids]) => (globalThis as unknown as DrainPage).prepareDrain(d, c, ids),
      [`drain-${serial++}`, backlog, itemIds] as const,
    );
    const r = await profilePage(page, file, () =>
      page.evaluate(
        ([id, every, press]) =>
          (globalThis as unknown as EnqueuePage).tapWhileDraining(id, every, press),
        [itemIds[0] ?? '', TAP_EVERY_MS, pressMs] as const,
      ),
    );
    const expected = backlog + r.taps.length;
    if (r.drain.confirmed !== expected || r.drain.left !== 0) {
      throw new Error(`client drained ${r.drain.confirmed} of ${expected} (${r.drain.left} left)`);
    }
    return r;
  };
}

export const clientEnqueueMs: Figure = {
  name: 'client_enqueue_ms',
  target: 'p99 ≤ 10 ms (≤ 16 ms during a drain)',
  async run({ quick, workDir, profileDir }) {
    const rounds = quick ? 2 : 4;
    const tapsPerRound = quick ? 150 : 250;
    const warmup = 30;
    const backlog = quick ? 2500 : 10_000;
    const drains = quick ? 3 : 2;
    const pageDir = join(workDir, 'page');
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    return withProfileOnDisk(join(workDir, 'chromium'), async (launched) => {
      await bundlePage(join(REPO_ROOT, 'bench/browser/enqueue-page.ts'), pageDir);
      const spec = { env: pageServerEnv(join(workDir, 'server'), pageDir) };
      return withServers([spec], async ([server]) => {
        const itemIds = await demoItemIds(server!.url);
        const page = await openPage(await launched, server!.url, 'tapWhileDraining');
        const sides = { paced: [] as number[], burst: [] as number[] };
        const perRound: { paced: Spread; burst: Spread }[] = [];
        const tap = (side: keyof typeof sides, taps: number) =>
          page.evaluate(
            ([name, n, paced]) => (globalThis as unknown as EnqueuePage).tap(name, n, paced),
            [side, taps, side === 'paced'] as const,
          );
        for (const side of ['paced', 'burst'] as const) {
          await page.evaluate(
            (name) => (globalThis as unknown as EnqueuePage).openTapper(name),
            side,
          );
          await tap(side, warmup);
        }
        for (let i = 0; i < rounds; i++) {
          const paced = await tap('paced', tapsPerRound);
          const burst = await tap('burst', tapsPerRound);
          sides.paced.push(...paced);
          sides.burst.push(...burst);
          perRound.push({ paced: spread(paced), burst: spread(burst) });
        }
        const drain = drainRounds(page, itemIds, profileDir);
        const during: DrainTap[] = [];
        const probes: number[] = [];
        const perDrain: Record<string, unknown>[] = [];
        const drainSpread = (r: DuringDrain) => ({
          ...spread(r.taps.map((t) => t.ms)),
          drainMs: round(r.drain.ms, 0),
          opsPerSec: round((r.drain.confirmed / r.drain.ms) * 1000, 0),
        });
        for (let i = 0; i < drains; i++) {
          const r = await drain(backlog, PRESS_MS);
          during.push(...r.taps);
          probes.push(...r.probes);
          perDrain.push(drainSpread(r));
        }
        // Taps no finger announced, as before the app told its client (reported, not a target).
        const unannounced = await drain(backlog, null);
        const paced = spread(sides.paced);
        const duringDrain = spread(during.map((t) => t.ms));
        const floor = spread(probes);
        return {
          value: paced.p99,
          pass: paced.p99 <= P99_MAX_MS && duringDrain.p99 <= DURING_DRAIN_P99_MAX_MS,
          details: {
            unit: 'ms, tap → durable in IndexedDB (strict), paced',
            ...paced,
            burst: spread(sides.burst),
            duringDrain: {
              ...duringDrain,
              backlog,
              tapEveryMs: TAP_EVERY_MS,
              pressMs: PRESS_MS,
              pass: duringDrain.p99 <= DURING_DRAIN_P99_MAX_MS,
              ...waits(during),
              strictWriteElsewhere: {
                ...floor,
                [`over${DURING_DRAIN_P99_MAX_MS}ms`]: over(probes),
              },
              p99VsFloor: round(duringDrain.p99 / floor.p99),
              drains: perDrain,
              unannounced: { ...drainSpread(unannounced), ...waits(unannounced.taps) },
            },
            rounds: perRound,
          },
        };
      });
    });
  },
};
