/**
 * The world a model-based schedule runs in: one real server per run (a file database, so it can
 * restart), and per schedule a fresh IndexedDB shared by up to two tabs (client instances) on fake
 * time. Each tab has its own sender lock, as without Web Locks, so two tabs may send the same id.
 */
import { IDBFactory } from 'fake-indexeddb';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type StockroomClientCore } from '../../../src/client/client';
import { setSession } from '../../../src/client/transactions/meta';
import type { OutboxWrites } from '../../../src/client/transactions/outbox';
import { readClaims } from '../../../src/client/transactions/claims';
import { asClaimed } from '../../../src/client/core/claims';
import { openIdbStore } from '../../../src/client/store/idb-store';
import type { LocalStore } from '../../../src/client/store/local-store';
import { linesOf } from '../../../src/client/core/attempt-rows';
import type { AttemptRecord, OperationRecord } from '../../../src/client/core/records';
import {
  LeaseResponse,
  MAIN_PLACE,
  Receipt,
  type FaultRule,
  type Op,
} from '../../../src/protocol/schemas';
import { startServer, type RunningServer } from '../../../src/server/start';
import { checkSchedule, unearnedVerdicts } from './checker';
import { faultyStore, type FaultyStore } from './faulty-store';
import { ManualClock, seededRandom } from './manual-clock';
import { ManualNetwork, routedFetch } from './network';
import { CLIENT_SUITE_ENV, signInDirect, simCall, type Session } from './server';

/** The device's patience per attempt (fake time); a delayed request outlives it in real time. */
export const ATTEMPT_TIMEOUT_MS = 1000;
const MINUTE = 60_000;
/** Real time a busy tab gets before fake time moves on (a delayed request outlives it). */
const SETTLE_TICK_MS = Number(process.env.SETTLE_TICK_MS ?? 15);
/** Device time (in attempt timeouts) a tab may stay busy: more is a sender that never settles. */
const SETTLE_MAX_ADVANCES = 400;
/** Real time a tab may stay busy with no request in flight: a wake-up that was lost. */
const SETTLE_WATCHDOG_MS = 120_000;

/** The second place every schedule's transfers use (main is the other). */
export const BACK_PLACE = 'back';

export class ModelServer {
  private constructor(
    public server: RunningServer,
    private readonly env: Record<string, string>,
    private readonly path: string,
    readonly tester: Session,
    /** The person on the schedules' device: a manager, who may start and apply stock-takes. */
    readonly person: Session,
  ) {}

  /** The latest server time seen: the tester clock lives in memory and must not go back on restart. */
  private latest = 0;
  run = 0;

  static async start(): Promise<ModelServer> {
    const path = join(tmpdir(), `stockroom-model-${process.pid}-${Date.now()}.db`);
    const env = {
      ...CLIENT_SUITE_ENV,
      DATABASE_URL: `sqlite:${path}`,
      // Short windows, so clock jumps of minutes and hours reach every retention rule.
      LEASE_TTL: '1h',
      RECEIPT_TTL: '30m',
      SETTLE: '1m',
      TOMBSTONE_GRACE: '2h',
      SQLITE_SYNCHRONOUS: 'NORMAL',
    };
    const server = await startServer(env);
    const tester = await signInDirect(server.url, 'manager');
    const person = await signInDirect(server.url, 'manager');
    const ms = new ModelServer(server, env, path, tester, person);
    await ms.operate({ type: 'createPlace', placeId: BACK_PLACE, name: 'Back room' });
    return ms;
  }

  /**
   * An operation made outside the schedule (by the tester, on no device): it must apply. A lease
   * of its own each time: the schedules' clock jumps outlive any lease.
   */
  async operate(op: Op): Promise<void> {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${this.server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.tester.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as unknown;
    };
    const { lease, token } = LeaseResponse.parse(await post('/api/leases', { deviceId: 'model' }));
    const receipt = Receipt.parse(
      await post('/api/operations', { id: `${lease.id}.0`, lease: token, op }),
    );
    if (receipt.outcome !== 'applied') throw new Error(`setup ${op.type}: ${receipt.outcome}`);
  }

  url = (): string => this.server.url;

  private sim(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return simCall(this.server.url, this.tester.token, method, path, body);
  }

  async now(): Promise<number> {
    const state = (await this.sim('GET', '/api/sim/clock')) as { now: string };
    this.latest = Math.max(this.latest, Date.parse(state.now));
    return Date.parse(state.now);
  }

  async advance(ms: number): Promise<void> {
    await this.sim('POST', '/api/sim/clock', { advanceMs: ms });
    await this.now();
  }

  fault = (rule: FaultRule) => this.sim('POST', '/api/sim/faults', rule);
  clearFaults = () => this.sim('DELETE', '/api/sim/faults');
  cleanup = () => this.sim('POST', '/api/sim/cleanup');

  /** Old servers still finishing their close (see restart). */
  private closing: Promise<void>[] = [];

  /**
   * Stop listening and start a new process on the same database. The old one is not awaited:
   * after a client aborts a request held by a `delay` fault, the server's close() waits about
   * 70 s for that connection (reported to the server's owner); a restart must not.
   */
  async restart(): Promise<void> {
    await this.now();
    this.closing.push(this.server.close());
    this.server = await startServer(this.env);
    const now = await this.now();
    if (now < this.latest)
      await this.sim('POST', '/api/sim/clock', { set: new Date(this.latest).toISOString() });
  }

  async close(): Promise<void> {
    const patience = new Promise<void>((r) => setTimeout(r, 2000));
    await Promise.race([Promise.all([this.server.close(), ...this.closing]), patience]);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.path}${suffix}`, { force: true });
  }
}

/** What the schedules of a run actually exercised (a model that stops reaching a path fails). */
export class Coverage {
  readonly seen = new Map<string, number>();
  add(what: string): void {
    this.seen.set(what, (this.seen.get(what) ?? 0) + 1);
  }
  missing(expected: readonly string[]): string[] {
    return expected.filter((e) => !this.seen.has(e));
  }
}

/** One schedule's evidence of the paths it took. */
function observe(coverage: Coverage, records: OperationRecord[], attempts: AttemptRecord[]): void {
  for (const r of records) {
    coverage.add(
      `state:${r.state.kind}${r.state.kind === 'review' ? `:${r.state.reason.code}` : ''}`,
    );
    if (r.state.kind === 'not-applied' || r.state.kind === 'expired')
      coverage.add('decided by status');
    if (r.state.kind === 'confirmed' && r.receipt?.receipt.outcome === 'applied')
      coverage.add(`applied:${r.op.type}`);
  }
  const byOp = new Map<string, AttemptRecord[]>();
  for (const a of attempts) {
    coverage.add(`attempt:${a.kind}:${a.result}:${a.httpStatus ?? '-'}`);
    byOp.set(a.operationId, [...(byOp.get(a.operationId) ?? []), a]);
  }
  for (const list of byOp.values()) {
    const overlapping = list.some((a) =>
      list.some(
        (b) => b !== a && a.sentAt <= b.sentAt && (a.endedAt === null || b.sentAt < a.endedAt),
      ),
    );
    if (overlapping) coverage.add('same id in flight twice');
  }
}

interface Tab {
  client: StockroomClientCore;
  store: FaultyStore;
}

export class World {
  readonly clock: ManualClock;
  readonly network = new ManualNetwork();
  private readonly factory = new IDBFactory();
  private readonly random: () => number;
  readonly tabs: (Tab | null)[] = [null, null];
  readonly items: string[];
  /** The schedule's stock-take of its items at main, started before the schedule begins. */
  readonly stocktakeId: string;
  private start = new Map<string, number>();
  decided = 0;
  private readonly name: string;

  constructor(
    readonly ms: ModelServer,
    seed: number,
    serverNow: number,
    private readonly outbox: (() => OutboxWrites) | undefined,
  ) {
    this.clock = new ManualClock(serverNow);
    this.random = seededRandom(seed);
    ms.run++;
    this.name = `model-${ms.run}`;
    this.items = [`m${ms.run}-a`, `m${ms.run}-b`];
    this.stocktakeId = `m${ms.run}-count`;
  }

  coverage: Coverage | undefined;

  static async create(
    ms: ModelServer,
    seed: number,
    outbox?: () => OutboxWrites,
    coverage?: Coverage,
  ): Promise<World> {
    const world = new World(ms, seed, await ms.now(), outbox);
    world.coverage = coverage;
    await world.init();
    return world;
  }

  private async init(): Promise<void> {
    const store = this.ms.server.store;
    const { revision } = await store.listItems(Number.MAX_SAFE_INTEGER);
    await store.seedItems(
      this.items.map((id) => ({
        id,
        sku: id.toUpperCase(),
        name: `Model ${id}`,
        location: 'M1',
        quantity: 50,
      })),
      this.clock.now(),
    );
    for (const id of this.items) this.start.set(id, 50);
    await this.ms.operate({
      type: 'startStocktake',
      stocktakeId: this.stocktakeId,
      name: `Model ${this.stocktakeId}`,
      placeId: MAIN_PLACE,
      blind: false,
      itemIds: this.items,
    });
    // Signed in as demo, holding what it had pulled before this schedule's items appeared.
    const db = await this.connect();
    await db.write(async (tx) => {
      await setSession(tx, this.ms.person.token, this.ms.person.user);
      await tx.put('meta', { key: 'items', revision });
    });
    db.close();
    await this.open(0);
  }

  private connect(): Promise<LocalStore> {
    return openIdbStore({ indexedDB: this.factory, name: this.name });
  }

  async open(i: number): Promise<void> {
    if (this.tabs[i]) return;
    const store = faultyStore(await this.connect());
    const client = createClient({
      baseUrl: 'http://stockroom.test',
      fetch: routedFetch(this.ms.url, this.network),
      clock: this.clock,
      random: this.random,
      store,
      dbName: this.name,
      broadcast: (name) => new BroadcastChannel(name),
      network: this.network,
      attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
      // Every receipt in its own transaction: a tab can close between two of a batch's. Batches
      // of two: a round sends several, the next claimed and sent ahead while one settles.
      policy: { batchSize: 2, chunkSize: 1, maxChunkSize: 1 },
      // A broken variant's memory is the tab's: a reopened tab starts with a fresh one.
      ...(this.outbox ? { outbox: this.outbox() } : {}),
    });
    this.tabs[i] = { client, store };
    await this.settle();
  }

  close(i: number): void {
    this.tabs[i]?.client.close();
    this.tabs[i] = null;
  }

  open_(): Tab[] {
    return this.tabs.filter((t): t is Tab => t !== null);
  }

  /**
   * Wait until every tab rests. The device's patience runs on fake time: while a request is in
   * flight, each real tick without rest moves fake time past the attempt timeout, so a request the
   * server holds (a delay fault) times out. Nothing else moves the clock here: local work
   * (IndexedDB, a response body being read) is waited for however slow a loaded machine makes it,
   * and a resting tab's timers are left to drain(). The bound is logical (400 s of device time
   * with requests still going out is a sender that never settles); only a tab busy with nothing
   * in flight for minutes of real time (a lost wake-up) meets the real-time watchdog.
   */
  async settle(): Promise<void> {
    let advances = 0;
    let waitingSince = Date.now();
    for (;;) {
      const idle = Promise.all(this.open_().map((t) => t.client.whenIdle())).then(() => true);
      const done = await Promise.race([
        idle,
        new Promise<boolean>((r) => setTimeout(() => r(false), SETTLE_TICK_MS)),
      ]);
      if (done) return;
      if (this.network.inFlight > 0) {
        if (++advances > SETTLE_MAX_ADVANCES)
          throw new Error('the tabs never came to rest (400 s of device time sending)');
        this.clock.advance(ATTEMPT_TIMEOUT_MS);
        waitingSince = Date.now();
      } else if (Date.now() - waitingSince > SETTLE_WATCHDOG_MS) {
        throw new Error(
          `the tabs never came to rest (busy ${SETTLE_WATCHDOG_MS / 1000} s with no request in flight)`,
        );
      }
    }
  }

  /** Let the senders work until they rest: fire each retry timer due within a few minutes. */
  async drain(): Promise<void> {
    await this.settle();
    for (let i = 0; i < 40; i++) {
      const at = this.clock.nextTimerAt();
      if (at === null || at - this.clock.now() > 6 * MINUTE) return;
      this.clock.advance(at - this.clock.now());
      await this.settle();
    }
  }

  /** A connection of the test's own, to look at what the tabs stored. */
  private observer: Promise<LocalStore> | null = null;

  async storeView() {
    this.observer ??= this.connect();
    const db = await this.observer;
    // As every reader sees them: the sender's claims applied.
    return db.read(async (tx) => {
      const [records, claims] = await Promise.all([tx.getAll('operations'), readClaims(tx)]);
      return { records: records.map((r) => asClaimed(r, claims)) };
    });
  }

  /** After every command: nothing stored or shown as settled by a receipt without that receipt. */
  async invariant(): Promise<string[]> {
    const { records } = await this.storeView();
    const shown = this.open_().flatMap((t) =>
      t.client
        .getSnapshot()
        .operations.filter((o) => o.state === 'confirmed')
        .map((o) => o.id),
    );
    return unearnedVerdicts(records, shown);
  }

  /** Clear the weather, let everything finish, and check the whole schedule. */
  async finish(): Promise<string[]> {
    const coverage = this.coverage;
    await this.ms.clearFaults();
    this.network.set(true);
    await this.open(0);
    for (let round = 0; round < 20; round++) {
      await Promise.all(this.open_().map((t) => t.client.syncNow({ newRound: true })));
      await this.drain();
      const { records } = await this.storeView();
      if (
        records.every(
          (r) => !['queued', 'sending', 'unknown', 'checking', 'waiting'].includes(r.state.kind),
        )
      )
        break;
      this.clock.advance(6 * MINUTE);
    }
    const first = this.open_()[0]?.client;
    await first?.refreshItems();
    await this.settle();
    const device = await this.storeView();
    if (coverage) {
      const db = await (this.observer ??= this.connect());
      const rows = await db.read((tx) => tx.getAll('attempts'));
      observe(coverage, device.records, rows.flatMap(linesOf));
    }
    const store = this.ms.server.store;
    const journal = new Map(
      await Promise.all(
        this.items.map(
          async (id) => [id, (await store.history(id, 200, null))?.entries ?? []] as const,
        ),
      ),
    );
    const records = new Map(
      await Promise.all(
        device.records.map(
          async (r) => [r.id, await store.findOperation(this.ms.person.user.id, r.id)] as const,
        ),
      ),
    );
    const serverItems = (await store.listItems(null)).items;
    const projection = first?.getSnapshot().items ?? [];
    const quantities = new Map(
      this.items.map((id) => [
        id,
        {
          start: { [MAIN_PLACE]: this.start.get(id) ?? 0 },
          now: Object.fromEntries(
            (serverItems.find((i) => i.id === id)?.stock ?? []).map((s) => [s.placeId, s.quantity]),
          ),
          total: serverItems.find((i) => i.id === id)?.quantity ?? NaN,
          device: projection.find((i) => i.id === id)?.quantity ?? null,
        },
      ]),
    );
    const stocktake = await store.stocktake(this.stocktakeId);
    return checkSchedule(
      { ...device, decided: this.decided },
      {
        journal,
        records,
        quantities,
        stocktake: { placeId: MAIN_PLACE, lines: stocktake?.lines ?? [] },
      },
      { drained: true },
    );
  }

  dispose(): void {
    for (let i = 0; i < this.tabs.length; i++) this.close(i);
    void this.observer?.then((db) => db.close());
  }
}
