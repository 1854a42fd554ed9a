/**
 * The page of bench/figures/client-drain-vs-server.ts, served by the bench server itself (same
 * origin as the API, as the built PWA is). `prepareDrain` signs in, queues `count` adjust operations
 * with the outbox's own `enqueue` while the sender is offline, and starts the real client (IndexedDB,
 * strict durability) still offline; `drain` says "online" and times until every operation is
 * confirmed in IndexedDB. The store and fetch are wrapped only to time each stage of the drain.
 */
import { createClient, type StockroomClientCore } from '../../src/client/client';
import { parseServerTiming } from '../../src/client/core/server-timing';
import { getMeta } from '../../src/client/transactions/meta';
import { sampleReceipt } from '../../tests/support/client/sample-receipt';
import { enqueue } from '../../src/client/transactions/outbox';
import { putOperation, queueRange } from '../../src/client/transactions/record-index';
import { DEFAULT_SENDER_POLICY } from '../../src/client/sender';
import type { NetworkEvents, NetworkHandlers } from '../../src/client/connectivity';
import { openIdbStore } from '../../src/client/store/idb-store';
import { openMemoryStore } from '../../src/client/store/memory-store';
import type { KeyRange, LocalStore, Tx } from '../../src/client/store/local-store';
import type { MetaRecord, StoreName } from '../../src/client/store/schema';
import { attemptEnd, batchAnswers } from '../../src/client/core/answers';
import { PENDING_END, withEnds } from '../../src/client/core/attempt-rows';
import { systemClock } from '../../src/client/core/clock';
import type { HttpOutcome } from '../../src/client/core/http-outcome';
import type { AttemptEnd, OperationRecord } from '../../src/client/core/records';
import type { AttemptStart } from '../../src/client/core/attempt-rows';
import { project } from '../../src/client/transactions/projection';
import { operationBodies, sendOperations } from '../../src/client/net/api';
import type { HttpDeps } from '../../src/client/net/http';

export interface StageTotal {
  count: number;
  ms: number;
}

export interface DrainResult {
  /** From "online" until the client is idle with every operation confirmed. */
  ms: number;
  confirmed: number;
  /** Operations still queued afterwards (0 for a complete drain). */
  left: number;
  stages: Record<string, StageTotal>;
  /** Snapshot reads by the subscriber, as React would make them. */
  snapshot: StageTotal;
}

/** What `enqueue` reads and writes. */
const COPIED = ['operations', 'leases', 'meta', 'items'] as const;

/** One transaction of the drain: its kind, and when it was asked for and done (page clock). */
export interface Span {
  stage: string;
  t0: number;
  t1: number;
}

/** Time spent per stage of the drain, in the page's clock; the store's transactions one by one. */
class Stages {
  readonly totals: Record<string, StageTotal> = {};
  readonly spans: Span[] = [];
  clear(): void {
    for (const key of Object.keys(this.totals)) delete this.totals[key];
    this.spans.length = 0;
  }
  add(stage: string, ms: number): void {
    const t = (this.totals[stage] ??= { count: 0, ms: 0 });
    t.count += 1;
    t.ms += ms;
  }
  /** A store transaction: its stage's total, and its span (what a tap may have waited behind). */
  transaction(stage: string, t0: number): void {
    const t1 = performance.now();
    this.add(stage, t1 - t0);
    this.spans.push({ stage, t0, t1 });
  }
}

/** A tap's own transaction (the operation and its lease's next id), as `enqueue` writes it. */
export const ENQUEUE = 'enqueue (operation, lease)';

/** A write that stored a receipt in an operation record. */
const RECEIPT = 'receipt';
/** A write of the claims record (core/claims.ts). */
const CLAIMS = 'claims';

type Written = StoreName | typeof RECEIPT | typeof CLAIMS;

/** What a write transaction was, from what it wrote (the sender's transactions differ in stores). */
function writeKind(stores: ReadonlySet<Written>): string {
  // Settling stores receipts in the operation records (claims never do); the first settling
  // transaction of a batch also stores the attempt's row, with an end for each of its operations.
  if (stores.has('attempts')) return "settle, with the attempt's row";
  if (stores.has(RECEIPT)) return 'settle (receipts, projection, states)';
  if (stores.has('items')) return 'items pulled';
  if (stores.has('leases') && stores.has('operations')) return ENQUEUE;
  // The claim writes one record for all its operations (no operation record, no attempt row
  // until it ends).
  if (stores.has(CLAIMS) && !stores.has('operations')) return 'claim (the claims record)';
  return 'other writes';
}

const READS = 'reads (plan, session)';

function timedStore(inner: LocalStore, stages: Stages): LocalStore {
  return {
    async read(fn) {
      const t0 = performance.now();
      try {
        return await inner.read(fn);
      } finally {
        stages.transaction(READS, t0);
      }
    },
    async write(fn, options) {
      const stores = new Set<Written>();
      const t0 = performance.now();
      try {
        return await inner.write((tx) => {
          const seen: Tx = {
            ...tx,
            put: (store, value) => {
              stores.add(store);
              if (store === 'operations' && 'receipt' in value) stores.add(RECEIPT);
              if (store === 'meta' && (value as MetaRecord).key === 'claims') stores.add(CLAIMS);
              return tx.put(store, value);
            },
          };
          return fn(seen);
        }, options);
      } finally {
        stages.transaction(writeKind(stores), t0);
      }
    },
    close: () => inner.close(),
  };
}

/** fetch, timed to the end of the body (buffered, so the client's own read costs nothing more). */
function timedFetch(stages: Stages): typeof fetch {
  return async (input, init) => {
    const t0 = performance.now();
    const res = await fetch(input, init);
    const text = await res.text();
    const ms = performance.now() - t0;
    const path = new URL(String(input), location.href).pathname;
    const batch = path === '/api/operations/batch';
    stages.add(batch ? 'POST /api/operations/batch (round trip)' : `GET/POST ${path}`, ms);
    if (batch) {
      const server = parseServerTiming(res.headers.get('server-timing'));
      stages.add(
        '  of which server accept+tx+commit',
        Object.values(server).reduce((s, x) => s + x, 0),
      );
    }
    return new Response(text, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

/** A network switch: offline while the operations are queued, online at "go". */
function networkSwitch(): NetworkEvents & { goOnline(): void } {
  let online = false;
  let handlers: NetworkHandlers | null = null;
  return {
    isOnline: () => online,
    subscribe(h) {
      handlers = h;
      return () => {
        handlers = null;
      };
    },
    goOnline() {
      online = true;
      handlers?.online();
    },
  };
}

interface Prepared {
  client: StockroomClientCore;
  store: LocalStore;
  network: ReturnType<typeof networkSwitch>;
  stages: Stages;
  snapshot: Stages;
  dbName: string;
}

let prepared: Prepared | null = null;

async function signIn(dbName: string): Promise<void> {
  const online = { isOnline: () => true, subscribe: () => () => undefined };
  const client = createClient({ dbName, network: online, broadcast: null });
  const result = await client.signIn('demo', 'demo');
  if (!result.ok) throw new Error(`sign-in: ${result.refusal.kind}`);
  await client.whenIdle();
  client.close();
}

/**
 * `count` adjust operations decided by the outbox's own `enqueue` (ids from the lease, creation
 * order, summaries, states) on a memory copy of the signed-in database, then stored in IndexedDB
 * in one transaction: the same records as `count` taps, without `count` transactions of setup.
 */
async function queue(dbName: string, count: number, itemIds: readonly string[]): Promise<void> {
  const idb = await openIdbStore({ indexedDB, name: dbName });
  const memory = openMemoryStore();
  try {
    const copied = await idb.read((tx) => Promise.all(COPIED.map((s) => tx.getAll(s))));
    await memory.write(async (tx) => {
      await Promise.all(COPIED.flatMap((s, i) => (copied[i] ?? []).map((v) => tx.put(s, v))));
    });
    const session = await memory.read((tx) => getMeta(tx, 'session'));
    if (!session) throw new Error('not signed in');
    const author = { userId: session.user.id, userName: session.user.name };
    await memory.write(async (tx) => {
      for (let i = 0; i < count; i++) {
        const itemId = itemIds[i % itemIds.length] ?? '';
        const op = { type: 'adjust', itemId, delta: 1, reason: 'received' } as const;
        const r = await enqueue(tx, author, op, Date.now());
        if (r.kind !== 'saved') throw new Error(`enqueue: ${r.kind}`);
      }
    });
    const decided = await memory.read((tx) => Promise.all(COPIED.map((s) => tx.getAll(s))));
    await idb.write(async (tx) => {
      await Promise.all(COPIED.flatMap((s, i) => (decided[i] ?? []).map((v) => tx.put(s, v))));
    });
  } finally {
    idb.close();
    memory.close();
  }
}

async function prepareDrain(
  dbName: string,
  count: number,
  itemIds: readonly string[],
): Promise<void> {
  await signIn(dbName);
  await queue(dbName, count, itemIds);
  const stages = new Stages();
  const store = timedStore(await openIdbStore({ indexedDB, name: dbName }), stages);
  const network = networkSwitch();
  const client = createClient({
    dbName,
    store,
    network,
    fetch: timedFetch(stages),
    broadcast: null,
  });
  // As the app's React root does: every change notification reads the snapshot.
  const snapshot = new Stages();
  client.subscribe(() => {
    const t0 = performance.now();
    client.getSnapshot();
    snapshot.add('snapshot', performance.now() - t0);
  });
  await client.whenIdle();
  // Only the drain counts: forget the start-up's reads and snapshots.
  stages.clear();
  snapshot.clear();
  prepared = { client, store, network, stages, snapshot, dbName };
}

/**
 * Says "online" and times until the client is idle with every operation confirmed. `during` runs
 * beside the drain on the same client (a person still working on the device) and is told when the
 * drain is over; what it queued is drained too, and counted in `confirmed`.
 */
export async function drainWhile<T>(
  during: (client: StockroomClientCore, draining: () => boolean) => Promise<T>,
): Promise<{ result: DrainResult; during: T; spans: Span[] }> {
  const p = prepared;
  if (!p) throw new Error('prepareDrain first');
  prepared = null;
  let draining = true;
  const t0 = performance.now();
  p.network.goOnline();
  const beside = during(p.client, () => draining);
  await p.client.whenIdle();
  const ms = performance.now() - t0;
  draining = false;
  const besideResult = await beside;
  // What `during` queued as the drain ended goes too (not timed).
  await p.client.whenIdle();
  // A copy: the checks below are reads too, and no part of the drain.
  const stages = structuredClone(p.stages.totals);
  const spans = [...p.stages.spans];
  const session = await p.store.read((tx) => getMeta(tx, 'session'));
  const [records, left] = await p.store.read((tx) =>
    Promise.all([
      tx.getAll('operations'),
      tx.getAllFromIndex('operations', 'queue', queueRange(session?.user.id ?? '')),
    ]),
  );
  p.client.close();
  await forget(p.dbName);
  const result = {
    ms,
    confirmed: records.filter((r) => r.receipt !== undefined).length,
    left: left.length,
    stages,
    snapshot: p.snapshot.totals['snapshot'] ?? { count: 0, ms: 0 },
  };
  return { result, during: besideResult, spans };
}

async function drain(): Promise<DrainResult> {
  return (await drainWhile(async () => undefined)).result;
}

/**
 * The floor under any drain of these records: per batch, the least a sender that checks before
 * it writes can do, in strict transactions, each reading the batch's records from the queue index
 * and putting each one back changed. `claim-and-settle`: two of them (claimed; settled with its
 * receipt), as this sender's records are kept. `settle-only`: just the settling one, the pass no
 * correct sender can skip whatever it records before sending (each receipt stored durably before
 * the operation counts as confirmed). Nothing else: no attempt rows, no projection, no chunks, no
 * page, no network.
 */
async function putFloor(
  dbName: string,
  count: number,
  itemIds: readonly string[],
  passes: 'claim-and-settle' | 'settle-only',
): Promise<{ ms: number; operations: number }> {
  await signIn(dbName);
  await queue(dbName, count, itemIds);
  const idb = await openIdbStore({ indexedDB, name: dbName });
  try {
    const session = await idb.read((tx) => getMeta(tx, 'session'));
    const range = queueRange(session?.user.id ?? '');
    const t0 = performance.now();
    let operations = 0;
    for (let i = 0; operations < count; i++) {
      if (passes === 'claim-and-settle') {
        await idb.write(async (tx) => {
          const batch = await tx.getAllFromIndex('operations', 'queue', range, BATCH_SIZE);
          const state = {
            kind: 'sending',
            since: Date.now(),
            attemptId: `floor-${i}`,
            retry: RETRY,
          } as const;
          await Promise.all(batch.map((r) => putOperation(tx, { ...r, state, sendAttempts: 1 })));
        });
      }
      const settled = await idb.write(async (tx) => {
        const batch = await tx.getAllFromIndex('operations', 'queue', range, BATCH_SIZE);
        await Promise.all(
          batch.map((r) => {
            const receipt = sampleReceipt({ operationId: r.id });
            const stored = { text: JSON.stringify(receipt), receipt, storedAt: Date.now() };
            const state = { kind: 'confirmed', since: stored.storedAt } as const;
            return putOperation(tx, { ...r, receipt: stored, state });
          }),
        );
        return batch.length;
      });
      if (settled === 0) break;
      operations += settled;
    }
    return { ms: performance.now() - t0, operations };
  } finally {
    idb.close();
    await forget(dbName);
  }
}

/** One batch of the pipelined floor: its attempt, and its records as the claim read them. */
interface FloorBatch {
  attempt: AttemptStart;
  records: OperationRecord[];
}

/** Where the pipelined floor's time went: its strict transactions, and waiting for answers. */
export interface PipelinedFloor {
  ms: number;
  operations: number;
  claimMs: number;
  settleMs: number;
  /** Awaiting an answer and the next claim together: the part of the network not hidden. */
  waitMs: number;
}

/**
 * The floor under a pipelined sender whose claim writes one record per batch, the redesign this
 * sender's cost points to: per batch, one strict transaction reads the batch's records from the
 * queue and puts ONE attempt row (its claim, every end pending) while the batch before it is in
 * flight; its request leaves the moment the last one's answer is in, and the last one's settling
 * transaction (each record read and put back with its validated receipt, the projection, the
 * attempt row's ends) runs while it is in flight. Real requests to the page's server; no chunks,
 * no person, no snapshot. Creation order holds: a batch leaves only after the one before answered.
 */
async function pipelinedFloor(
  dbName: string,
  count: number,
  itemIds: readonly string[],
): Promise<PipelinedFloor> {
  await signIn(dbName);
  await queue(dbName, count, itemIds);
  const idb = await openIdbStore({ indexedDB, name: dbName });
  const http: HttpDeps = {
    baseUrl: '',
    fetch: (i, n) => fetch(i, n),
    clock: systemClock,
    timeoutMs: 30_000,
  };
  const spent = { claimMs: 0, settleMs: 0, waitMs: 0 };
  const timed = async <T>(stage: keyof typeof spent, work: Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work;
    } finally {
      spent[stage] += performance.now() - t0;
    }
  };
  try {
    const [session, leases] = await idb.read((tx) =>
      Promise.all([getMeta(tx, 'session'), tx.getAll('leases')]),
    );
    if (!session) throw new Error('not signed in');
    const userId = session.user.id;
    // The queue after the batches claimed so far (orders are whole numbers).
    let after = -Infinity;
    let serial = 0;
    const claimNext = (): Promise<FloorBatch> =>
      timed(
        'claimMs',
        idb.write(async (tx) => {
          const range: KeyRange<[string, number]> = {
            lower: [userId, after + 1],
            upper: [userId, Infinity],
          };
          const records = await tx.getAllFromIndex('operations', 'queue', range, BATCH_SIZE);
          after = records[records.length - 1]?.order ?? after;
          const attempt: AttemptStart = {
            attemptId: `floor-${serial++}`,
            kind: 'send',
            at: Date.now(),
          };
          const pending = new Map(records.map((r) => [r.id, PENDING_END]));
          await tx.put('attempts', withEnds(undefined, attempt, pending));
          return { attempt, records };
        }),
      );
    const post = ({ attempt, records }: FloorBatch) =>
      sendOperations(http, session.token, operationBodies(records, leases), attempt.attemptId);
    const settleBatch = (batch: FloorBatch, outcome: HttpOutcome): Promise<number> =>
      timed(
        'settleMs',
        idb.write(async (tx) => {
          const at = Date.now();
          const ids = batch.records.map((r) => r.id);
          const answers = batchAnswers(outcome, ids, at);
          const [records, stored] = await Promise.all([
            tx.getAllFromIndex('operations', 'queue', queueRange(userId), ids.length),
            tx.getAll('items'),
          ]);
          const items = new Map(stored.map((i) => [i.id, i]));
          const ends = new Map<string, AttemptEnd>();
          const writes: Promise<void>[] = [];
          records.forEach((r, i) => {
            const a = answers[i];
            if (r.id !== ids[i] || a?.answer.kind !== 'receipt')
              throw new Error('floor: no receipt');
            ends.set(r.id, attemptEnd(outcome, at, a.httpStatus));
            const receipt = a.answer.receipt;
            const state = { kind: 'confirmed', since: at } as const;
            const saved = { text: a.answer.text, receipt, storedAt: at };
            writes.push(putOperation(tx, { ...r, receipt: saved, state, sendAttempts: 1 }));
            const item = project(
              receipt.itemId === null ? undefined : items.get(receipt.itemId),
              r,
              receipt,
            );
            if (item) items.set(item.id, item);
          });
          for (const item of items.values()) writes.push(tx.put('items', item));
          writes.push(tx.put('attempts', withEnds(undefined, batch.attempt, ends)));
          await Promise.all(writes);
          return records.length;
        }),
      );
    const t0 = performance.now();
    let operations = 0;
    let batch = await claimNext();
    let answer = post(batch);
    while (batch.records.length > 0) {
      const [outcome, following] = await timed('waitMs', Promise.all([answer, claimNext()]));
      if (following.records.length > 0) answer = post(following);
      operations += await settleBatch(batch, outcome);
      batch = following;
    }
    return { ms: performance.now() - t0, operations, ...spent };
  } finally {
    idb.close();
    await forget(dbName);
  }
}

const BATCH_SIZE = DEFAULT_SENDER_POLICY.batchSize;
const RETRY = { attempts: 0, notBefore: 0 };

/** Each round starts from an empty database: the last one's 10,000 records would slow the next. */
function forget(dbName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(dbName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${dbName}`));
  });
}

/** What the figure calls in the page. */
export interface DrainPage {
  prepareDrain: typeof prepareDrain;
  drain: typeof drain;
  putFloor: typeof putFloor;
  pipelinedFloor: typeof pipelinedFloor;
}

const api: DrainPage = { prepareDrain, drain, putFloor, pipelinedFloor };
Object.assign(globalThis, api);
