/**
 * client_drain_vs_server and client_drain_vs_floor (one measurement, two figures): a real Chromium
 * page running the real client core (createClient over IndexedDB in a Chromium profile on disk, as
 * on a phone, not an off-the-record context's memory; the real sender) drains 10,000 queued
 * operations (quick: 1,000)
 * - ÷ the server's own batch throughput: the same number of operations POSTed by Node to
 *   /api/operations/batch in the client's batch size, one request at a time, to an identical
 *   server (`client_drain_vs_server`, reported);
 * - ÷ the pipelined one-row-claim floor (drain-page.ts `pipelinedFloor`) draining as many
 *   operations in the same page right after each client round (`client_drain_vs_floor`, ≥ 0.8):
 *   the median over rounds of the pair's ratio.
 *
 * Two bench servers (each its own fresh SQLite database on the figure's disk) start together: one
 * serves the page (bench/browser/drain-page.ts) and takes the client's batches, the other takes
 * Node's. Each client round queues the operations while the client is offline (not timed), then
 * times from "online" until every operation is confirmed in IndexedDB. Sides alternate.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_SENDER_POLICY } from '../../src/client/sender';
import type { DrainPage, DrainResult, PipelinedFloor, StageTotal } from '../browser/drain-page';
import {
  atLeast,
  figuresOfOneMeasurement,
  round,
  type FigureOptions,
  type FigureResult,
} from '../figure';
import {
  bundlePage,
  openPage,
  pageServerEnv,
  profilePage,
  withProfileOnDisk,
} from '../support/browser-page';
import {
  adjustBody,
  demoSession,
  type DemoSession,
  type LeaseGrant,
} from '../support/demo-session';
import { httpClient } from '../support/http-client';
import { REPO_ROOT, withServers } from '../support/server-process';
import { alternate, median, timed, type Rate } from '../support/stats';

const BATCH = DEFAULT_SENDER_POLICY.batchSize;

/** Per-stage totals of all measured client rounds: ms, share of the drain, and ms per operation. */
function stageShares(results: DrainResult[]): Record<string, unknown> {
  const drainMs = results.reduce((s, r) => s + r.ms, 0);
  const operations = results.reduce((s, r) => s + r.confirmed, 0);
  const totals = new Map<string, StageTotal>();
  for (const r of results) {
    for (const [stage, t] of [
      ...Object.entries(r.stages),
      ['snapshot reads', r.snapshot] as const,
    ]) {
      const sum = totals.get(stage) ?? { count: 0, ms: 0 };
      totals.set(stage, { count: sum.count + t.count, ms: sum.ms + t.ms });
    }
  }
  const rows = Object.fromEntries(
    [...totals].map(([stage, t]) => [
      stage,
      {
        count: t.count,
        ms: round(t.ms, 1),
        share: round(t.ms / drainMs),
        msPerOp: round(t.ms / operations, 4),
      },
    ]),
  );
  return { drainMs: round(drainMs, 1), operations, ...rows };
}

interface NodeSide {
  /** The demo items, which both sides adjust round robin. */
  itemIds: readonly string[];
  post(n: number): Promise<number>;
  close(): void;
}

/** Node's side: operations POSTed in batches of BATCH, one request at a time, to the server at `url`. */
async function nodeBatches(url: string): Promise<NodeSide> {
  const node = httpClient(url);
  let session: DemoSession;
  let lease: LeaseGrant;
  try {
    session = await demoSession(node);
    lease = await session.lease();
  } catch (e) {
    node.close();
    throw e;
  }
  let seq = 0;
  // As the client sends them: with createdAt.
  const body = () => ({
    ...adjustBody(lease, seq++, session.itemIds),
    createdAt: new Date().toISOString(),
  });
  return {
    itemIds: session.itemIds,
    async post(n) {
      for (let sent = 0; sent < n; sent += BATCH) {
        await session.batch(Array.from({ length: Math.min(BATCH, n - sent) }, body));
      }
      return n;
    },
    close: () => node.close(),
  };
}

/** The client's side: each call drains `n` operations queued in a new database of the page. */
function clientDrains(page: Page, itemIds: readonly string[]) {
  let serial = 0;
  return async (n: number, profile: string | null): Promise<DrainResult> => {
    await page.evaluate(
      ([d, c, ids]) => (globalThis as unknown as DrainPage).prepareDrain(d, c, ids),
      [`drain-${serial++}`, n, itemIds] as const,
    );
    const result = await profilePage(page, profile, () =>
      page.evaluate(() => (globalThis as unknown as DrainPage).drain()),
    );
    if (result.confirmed !== n || result.left !== 0) {
      throw new Error(`client drained ${result.confirmed} of ${n} (${result.left} left)`);
    }
    return result;
  };
}

/** The figures' shares of one measurement. */
interface Measured {
  server: FigureResult;
  floor: FigureResult;
}

const FLOOR_MIN = 0.8;

function measure({ quick, workDir, profileDir }: FigureOptions): Promise<Measured> {
  const count = quick ? 1000 : 10_000;
  const rounds = quick ? 2 : 3;
  const warmup = quick ? BATCH : 4 * BATCH;
  const pageDir = join(workDir, 'page');
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  return withProfileOnDisk(join(workDir, 'chromium'), async (launched) => {
    await bundlePage(join(REPO_ROOT, 'bench/browser/drain-page.ts'), pageDir);
    const specs = ['client', 'node'].map((side) => ({
      env: pageServerEnv(join(workDir, side), pageDir),
      profileDir: profileDir && join(profileDir, side),
    }));
    return withServers(specs, async ([forClient, forNode]) => {
      const node = await nodeBatches(forNode!.url);
      try {
        const page = await openPage(await launched, forClient!.url, 'drain');
        const drain = clientDrains(page, node.itemIds);
        const measured: DrainResult[] = [];
        const pipelinedRuns: PipelinedFloor[] = [];
        const pipelined = () =>
          page.evaluate(
            ([d, c, ids]) => (globalThis as unknown as DrainPage).pipelinedFloor(d, c, ids),
            [`pipelined-${pipelinedRuns.length}`, count, node.itemIds] as const,
          );
        // Warm-up (not counted): the page's JIT, the servers' caches.
        await drain(warmup, null);
        await node.post(warmup);
        const ab = await alternate(
          rounds,
          async (i): Promise<Rate> => {
            const file = profileDir ? join(profileDir, `page-round-${i}.cpuprofile`) : null;
            const r = await drain(count, file);
            measured.push(r);
            // The floor right after, in the same page: the pair shares the same minutes.
            pipelinedRuns.push(await pipelined());
            return { count: r.confirmed, seconds: r.ms / 1000 };
          },
          () => timed(() => node.post(count)),
        );
        // The floors (drain-page.ts): each batch's records read and put back twice (claimed,
        // settled), as a sender that records its claim in each operation does; once (settled),
        // which no sender can skip; and a whole pipelined sender with a one-row claim, its
        // network hidden behind its settling. A floor's run as a rate, and the most of the
        // server's rate it leaves.
        const asRate = (f: { ms: number; operations: number }) => {
          const opsPerSec = f.operations / (f.ms / 1000);
          return {
            msPerOp: round(f.ms / f.operations, 3),
            opsPerSec: round(opsPerSec),
            ratioAtMost: round(opsPerSec / ab.b, 2),
          };
        };
        const floor = async (passes: 'claim-and-settle' | 'settle-only') =>
          asRate(
            await page.evaluate(
              ([d, c, ids, p]) => (globalThis as unknown as DrainPage).putFloor(d, c, ids, p),
              ['floor', count, node.itemIds, passes] as const,
            ),
          );
        const sum = (pick: (f: PipelinedFloor) => number) =>
          pipelinedRuns.reduce((s, f) => s + pick(f), 0);
        const pipelinedOps = sum((f) => f.operations);
        const floors = {
          claimAndSettle: await floor('claim-and-settle'),
          settleOnly: await floor('settle-only'),
          pipelinedOneRowClaim: {
            ...asRate({ ms: sum((f) => f.ms), operations: pipelinedOps }),
            msPerOpIn: {
              claim: round(sum((f) => f.claimMs) / pipelinedOps, 3),
              settle: round(sum((f) => f.settleMs) / pipelinedOps, 3),
              waitForAnswer: round(sum((f) => f.waitMs) / pipelinedOps, 3),
            },
          },
        };
        const pairs = measured.map((r, i) => {
          const f = pipelinedRuns[i]!;
          const client = r.confirmed / (r.ms / 1000);
          const floorRate = f.operations / (f.ms / 1000);
          return {
            client: round(client),
            floor: round(floorRate),
            ratio: round(client / floorRate),
          };
        });
        const common = {
          operationsEach: count,
          batchSize: BATCH,
          clientStages: stageShares(measured),
        };
        return {
          server: {
            value: round(ab.ratio),
            pass: true,
            details: {
              clientOpsPerSec: ab.a,
              serverBatchOpsPerSec: ab.b,
              floor: floors,
              totalRatio: ab.totalRatio,
              rounds: ab.rounds,
              ...common,
            },
          },
          floor: atLeast(median(pairs.map((p) => p.ratio)), FLOOR_MIN, {
            clientOpsPerSec: ab.a,
            floorOpsPerSec: floors.pipelinedOneRowClaim.opsPerSec,
            floorMsPerOpIn: floors.pipelinedOneRowClaim.msPerOpIn,
            rounds: pairs,
            ...common,
          }),
        };
      } finally {
        node.close();
      }
    });
  });
}

export const clientDrainFigures = figuresOfOneMeasurement(measure, [
  { name: 'client_drain_vs_server', target: 'report', pick: (m) => m.server },
  { name: 'client_drain_vs_floor', target: `≥ ${FLOOR_MIN}`, pick: (m) => m.floor },
]);
