/**
 * The page of bench/figures/client-enqueue-ms.ts: the client's `adjust` resolves once the
 * operation's IndexedDB transaction committed (strict durability), so its duration is tap → durable.
 * The paced and burst tappers are offline (a stored session and lease, no server), so nothing but
 * the decision runs. During a drain, the taps go to the client of bench/browser/drain-page.ts (which
 * this page includes: `prepareDrain` is defined here too) while it sends its backlog to the bench
 * server that serves this page.
 */
import { createClient, type StockroomClientCore } from '../../src/client/client';
import { storeLease } from '../../src/client/transactions/leases';
import { setSession } from '../../src/client/transactions/meta';
import { openIdbStore } from '../../src/client/store/idb-store';
import type { LocalStore } from '../../src/client/store/local-store';
import { leaseResponse } from '../../tests/support/client/store-contract';
import { drainWhile, ENQUEUE, type DrainResult, type Span } from './drain-page';

const offline = { isOnline: () => false, subscribe: () => () => undefined };
const clients = new Map<string, StockroomClientCore>();

/** A signed-in, offline client on a new database `name`, holding a lease. */
async function openTapper(name: string): Promise<void> {
  const seed = await openIdbStore({ indexedDB, name });
  await seed.write(async (tx) => {
    await setSession(tx, 'token', { id: 'u1', name: 'demo', role: 'staff' });
    await storeLease(tx, 'u1', leaseResponse(`L${name}`, new Date().toISOString()), Date.now());
  });
  seed.close();
  const client = createClient({
    dbName: name,
    network: offline,
    fetch: () => Promise.reject(new TypeError('offline')),
    broadcast: null,
    durability: 'strict',
  });
  await client.whenIdle();
  clients.set(name, client);
}

/**
 * `taps` adjustments on the client `name`, each timed from the call to its durable commit.
 * Paced: the next tap comes after the client is idle again (the screen caught up), as a person
 * taps; burst: as soon as the previous change is durable.
 */
async function tap(name: string, taps: number, paced: boolean): Promise<number[]> {
  const client = clients.get(name);
  if (!client) throw new Error(`openTapper(${name}) first`);
  const samples: number[] = [];
  for (let i = 0; i < taps; i++) {
    samples.push(await timedTap(client, 'lamp-14'));
    if (paced) await client.whenIdle();
  }
  return samples;
}

/** One tap: the call until the change is durable (`adjust` resolves after its commit). */
async function timedTap(client: StockroomClientCore, itemId: string): Promise<number> {
  return (await timedTapView(client, itemId)).ms;
}

async function timedTapView(
  client: StockroomClientCore,
  itemId: string,
): Promise<{ ms: number; id: string }> {
  const t0 = performance.now();
  const view = await client.adjust({ itemId, delta: -1, reason: 'sold' });
  return { ms: performance.now() - t0, id: view.id };
}

/**
 * Whether operations other than the taps still wait for the server. "Idle" cannot say: with a tap
 * every 50 ms the client may never be idle while the taps go on.
 */
function backlogLeft(client: StockroomClientCore, taps: ReadonlySet<string>): boolean {
  return client.getSnapshot().operations.some((o) => o.receipt === null && !taps.has(o.id));
}

/** A tap during a drain, split by its own write transaction (`enqueue`'s, strict durability). */
export interface DrainTap {
  ms: number;
  /** From the tap until its write transaction was asked for (the decision's reads, the page's JS). */
  beforeWriteMs: number;
  /** Its write transaction: waiting behind transactions asked for earlier, its puts, its commit. */
  writeMs: number;
  /** From the commit (seen in the page) until `adjust` resolved: what it does after the write. */
  afterWriteMs: number;
  /** The drain's transaction it waited behind the longest (null: none was running). */
  behind: string | null;
  /** How long after the tap's write was asked for that transaction finished. */
  behindMs: number;
  /** The page's long tasks (≥ 50 ms of main thread) within the tap: JS the tap's events wait for. */
  longTaskMs: number;
}

export interface DuringDrain {
  taps: DrainTap[];
  /**
   * The same moments' floor: a one-record strict write to a database of its own (nothing to wait
   * behind but the IndexedDB backend, busy with the drain), halfway between two taps.
   */
  probes: number[];
  drain: DrainResult;
}

/** A strict transaction putting one small record into the `probe` database; its duration. */
async function probeWrite(probe: LocalStore, n: number): Promise<number> {
  const t0 = performance.now();
  await probe.write((tx) => tx.put('meta', { key: 'order', next: n }));
  return performance.now() - t0;
}

/** Long tasks of the page's main thread while `body` runs (start, end in the page's clock). */
async function withLongTasks<T>(body: () => Promise<T>): Promise<[T, [number, number][]]> {
  const tasks: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.startTime + e.duration]);
  });
  observer.observe({ type: 'longtask', buffered: false });
  try {
    const value = await body();
    // Entries are delivered after their task: one more turn collects the last ones.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const e of observer.takeRecords()) tasks.push([e.startTime, e.startTime + e.duration]);
    return [value, tasks];
  } finally {
    observer.disconnect();
  }
}

function overlap(t0: number, t1: number, tasks: readonly [number, number][]): number {
  return tasks.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, t1) - Math.max(a, t0)), 0);
}

/**
 * Every store transaction spans all stores (src/client/store/idb-store.ts), so a tap's write
 * starts only after the drain's transactions asked for before it have finished.
 */
function splitTap(
  t0: number,
  ms: number,
  spans: readonly Span[],
  longTasks: readonly [number, number][],
): DrainTap {
  const longTaskMs = overlap(t0, t0 + ms, longTasks);
  const own = spans.find((s) => s.stage === ENQUEUE && s.t0 >= t0 && s.t1 <= t0 + ms + 1);
  if (!own)
    return {
      ms,
      beforeWriteMs: ms,
      writeMs: 0,
      afterWriteMs: 0,
      behind: null,
      behindMs: 0,
      longTaskMs,
    };
  let last: Span | null = null;
  for (const s of spans) {
    if (s === own || s.t0 >= own.t0 || s.t1 <= own.t0) continue;
    if (!last || s.t1 > last.t1) last = s;
  }
  return {
    ms,
    beforeWriteMs: own.t0 - t0,
    writeMs: own.t1 - own.t0,
    afterWriteMs: t0 + ms - own.t1,
    behind: last?.stage ?? null,
    behindMs: last ? last.t1 - own.t0 : 0,
    longTaskMs,
  };
}

/**
 * After `prepareDrain`: the client goes online and drains its backlog while a person taps on the
 * same client, one tap every `everyMs` (a person cannot wait for "idle" here: the client is busy
 * until the backlog is gone), until the drain is over. With `pressMs`, each tap's finger lands
 * that long before its click and the page tells the client, as the app does (app/person-acting.ts);
 * the tap is timed from the click.
 */
async function tapWhileDraining(
  itemId: string,
  everyMs: number,
  pressMs: number | null,
): Promise<DuringDrain> {
  const probe = await openIdbStore({ indexedDB, name: 'probe' });
  const probes: number[] = [];
  const [{ result, during, spans }, longTasks] = await withLongTasks(() =>
    drainWhile(async (client, draining) => {
      const taps: { t0: number; ms: number }[] = [];
      const ids = new Set<string>();
      while (draining() && backlogLeft(client, ids)) {
        const pressed = performance.now();
        if (pressMs !== null) {
          client.personActing();
          await sleepUntil(pressed + pressMs);
        }
        const t0 = performance.now();
        const { ms, id } = await timedTapView(client, itemId);
        ids.add(id);
        taps.push({ t0, ms });
        await sleepUntil(pressed + everyMs / 2);
        if (draining()) probes.push(await probeWrite(probe, probes.length));
        await sleepUntil(pressed + everyMs);
      }
      return taps;
    }),
  );
  probe.close();
  return { taps: during.map((t) => splitTap(t.t0, t.ms, spans, longTasks)), probes, drain: result };
}

function sleepUntil(t: number): Promise<void> {
  const rest = t - performance.now();
  return rest > 0 ? new Promise((resolve) => setTimeout(resolve, rest)) : Promise.resolve();
}

/** What the figure calls in the page. */
export interface EnqueuePage {
  openTapper: typeof openTapper;
  tap: typeof tap;
  tapWhileDraining: typeof tapWhileDraining;
}

const api: EnqueuePage = { openTapper, tap, tapWhileDraining };
Object.assign(globalThis, api);
