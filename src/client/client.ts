/**
 * `createClient`: the StockroomClient of facade.ts over IndexedDB, the sender and the server API.
 * It keeps no state of its own that matters: what it shows is IndexedDB's content, followed
 * through its own committed writes and re-read when another tab announces a change.
 */
import {
  AdjustOp,
  ArchiveItemOp,
  CountOp,
  CreateItemOp,
  Op,
  UpdateItemOp,
  type HistoryResponse,
} from '../protocol/schemas';
import { randomId, systemClock, type Clock } from './core/clock';
import { assertNever, type FinishingState } from './core/operation-state';
import { operationView } from './core/operation-view';
import { afterExchange, heardFrom, refusedForNow } from './core/recheck';
import { holdAfterStep, pacing } from './core/pacing';
import { handleOf } from './core/rules';
import type { ServerSkew } from './core/server-clock';
import type { Runtime } from './core/snapshot';
import type {
  ClientSnapshot,
  CommandResult,
  OperationView,
  OtherDeviceBackup,
  OtherDeviceRequest,
  StockroomClient,
  StorageProblem,
} from './facade';
import { ClientError } from './client-error';
import { LiveView } from './live-view';
import { RoundScheduler } from './round-scheduler';
import { ensureFreshLease } from './lease-sync';
import { BackupFile, exportOutbox, importOutbox } from './local/backup';
import { ensureDevice, getMeta, setDeviceName, setSession } from './local/meta';
import { signOutKeepingData, signOutRemovingData, type RemoveDataResult } from './local/sign-out';
import { tellServerSessionsEnded } from './session-end';
import { defaultCaches, forgetCachedApiData, type CacheStorageLike } from './cached-api-data';
import { cancelUnsent, reverse } from './local/fixes';
import { discard, enqueue, enterAgain, type EnqueueResult } from './local/outbox';
import { enqueueAll } from './local/enqueue-all';
import { loadView, type LocalView } from './local/view';
import { recordingStore } from './store/recording-store';
import * as api from './net/api';
import type { HttpDeps, HttpOutcome } from './net/http';
import { NetworkWatch, browserNetwork, type NetworkEvents } from './network';
import {
  DEFAULT_SENDER_POLICY,
  drainOnce,
  type Pace,
  type RoundReport,
  type RoundStart,
  type SenderDeps,
  type SenderPolicy,
  type SenderSeams,
} from './sender';
import { openIdbStore } from './store/idb-store';
import { StorageFailure, type LocalStore, type Tx } from './store/local-store';
import { openMemoryStore } from './store/memory-store';
import type { LeaseRecord, OperationRecord } from './store/schema';
import { backupFromOtherDevice } from './other-device';
import { pullItemChanges } from './sync-items';
import {
  changeChannel,
  defaultLock,
  defaultWatch,
  type BroadcastLike,
  type ChangeChannel,
  type SenderLock,
  type WatchSignal,
} from './tabs';

export interface ClientOptions {
  /** '' (default) for the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  /** The IndexedDB factory (default: the browser's); ignored when `store` is given. */
  indexedDB?: IDBFactory;
  /** A storage adapter to use as is (tests; environments without IndexedDB). */
  store?: LocalStore;
  dbName?: string;
  /** IndexedDB write durability (default 'strict'; see idb-store.ts). */
  durability?: 'strict' | 'relaxed';
  /** BroadcastChannel maker (default: the global one); null: no other tabs to tell. */
  broadcast?: ((name: string) => BroadcastLike) | null;
  lock?: SenderLock;
  /** Tells the service worker this tab watches step by step (default: a Web Lock, tabs.ts). */
  watch?: WatchSignal;
  network?: NetworkEvents;
  policy?: Partial<SenderPolicy>;
  /** Per attempt (default 10 s). */
  attemptTimeoutMs?: number;
  /** Warn about deadlines this close (default 24 h). */
  warnWithinMs?: number;
  timeZone?: string;
  /** Test-only: deliberately broken variants of the sender's transactions. */
  seams?: SenderSeams;
  /** Cache Storage emptied of API answers by "remove data" (default: the page's; null: none). */
  caches?: CacheStorageLike | null;
  /** Where this device remembers the Tester panel's "Step by step" (default: localStorage). */
  preferences?: Preferences | null;
}

/** The slice of `Storage` a device preference needs. */
export interface Preferences {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STEP_BY_STEP_KEY = 'stockroom:step-by-step';

function defaultPreferences(): Preferences | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked by the browser's settings: the switch still works, for this visit.
    return null;
  }
}

export { ClientError, type ClientErrorKind } from './client-error';

/** What tests and the service worker need beyond the facade. */
export interface StockroomClientCore extends StockroomClient {
  /** Run a sender round now and wait for it. */
  syncNow(start?: RoundStart): Promise<RoundReport>;
  /** Resolves when no round, reload or start-up work is running. */
  whenIdle(): Promise<void>;
  setStepByStep(on: boolean): void;
  noteServerClock(serverNow: string): void;
}

/** Why "Sign out and remove data from this device" removed nothing (never "failed"). */
function unconfirmedRefusal(count: number): string {
  const changes = count === 1 ? '1 change is' : `${count} changes are`;
  const them = count === 1 ? 'it' : 'them';
  return (
    `${changes} not confirmed yet, so nothing was removed and you are still signed in. ` +
    `Let ${them} reach the server (see Activity), or choose Sign out to keep ${them} on this ` +
    `device for your next sign-in.`
  );
}

function signInRefusal(res: Exclude<api.ApiResult<unknown>, { kind: 'ok' }>): string {
  switch (res.kind) {
    case 'unauthorized':
      return 'Wrong username or password.';
    case 'problem':
      return res.status === 429 ? 'Too many attempts. Wait a moment, then sign in.' : res.detail;
    case 'unreachable':
      return 'The server cannot be reached. Signing in needs a connection.';
    default:
      return assertNever(res);
  }
}

export function createClient(options: ClientOptions = {}): StockroomClientCore {
  return new Client(options);
}

class Client implements StockroomClientCore {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly policy: SenderPolicy;
  private readonly http: HttpDeps;
  private readonly closing = new AbortController();
  private readonly opened: Promise<LocalStore>;
  private readonly channel: ChangeChannel;
  private readonly lock: SenderLock;
  private readonly watch: WatchSignal;
  private readonly network: NetworkWatch;
  private readonly finishing = new Map<string, FinishingState>();
  private readonly live: LiveView;
  private readonly rounds: RoundScheduler;
  private readonly busy = new Set<Promise<unknown>>();
  private ready = false;
  private closed = false;
  private storageProblem: StorageProblem = null;
  private reachable = true;
  /** The last answer was the server refusing work (503/429): the bar says so, not "Online". */
  private refusing = false;
  private testerMode = false;
  private settledThisRound: number | null = null;
  private readonly preferences: Preferences | null;
  private stepByStep: boolean;
  /** Step by step (pacing.ts): shared by every round of this tab. */
  private readonly pace: Pace;
  /** The server's clock minus this device's, as last measured (tester clock answers). */
  private serverSkew: ServerSkew | null = null;
  private endingSessions: Promise<unknown> | null = null;

  constructor(private readonly options: ClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_SENDER_POLICY, ...options.policy };
    this.preferences =
      options.preferences === undefined ? defaultPreferences() : options.preferences;
    this.stepByStep = this.preferences?.getItem(STEP_BY_STEP_KEY) === 'on';
    this.pace = { policy: () => pacing(this.stepByStep && this.testerMode), hold: null };
    this.http = {
      baseUrl: options.baseUrl ?? '',
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      clock: this.clock,
      timeoutMs: options.attemptTimeoutMs ?? 10_000,
      signal: this.closing.signal,
      observe: (outcome) => this.heard(outcome),
    };
    const name = options.dbName ?? 'stockroom';
    this.lock = options.lock ?? defaultLock(`${name}:sender`);
    this.watch = options.watch ?? defaultWatch(`${name}:watching`);
    this.network = NetworkWatch.idle(options.network ?? browserNetwork());
    this.live = new LiveView(
      () => this.readView(),
      () => this.runtime(),
      (w) => this.track(w),
    );
    this.rounds = new RoundScheduler(
      this.clock,
      (start) => this.round(start),
      (w) => this.track(w),
      {
        random: this.random,
        policy: this.policy,
        unreachable: () => this.network.isOnline() && !this.reachable,
        planned: () => this.live.changed(),
      },
    );
    this.channel = changeChannel(
      `${name}:changes`,
      () => void this.live.reload(),
      options.broadcast,
    );
    this.opened = this.open(name);
    this.network.listen({
      online: () => this.track(this.afterSignIn()),
      offline: () => this.live.changed(),
      visible: () => this.track(this.afterSignIn()),
    });
    this.track(this.start());
  }

  // ── storage ────────────────────────────────────────────────────────────────

  /** The store, reporting this tab's committed writes to its picture and to the other tabs. */
  private async open(name: string): Promise<LocalStore> {
    return recordingStore(await this.openAdapter(name), (log) => {
      this.live.applied(log);
      this.channel.post();
    });
  }

  private async openAdapter(name: string): Promise<LocalStore> {
    if (this.options.store) return this.options.store;
    const factory = this.options.indexedDB ?? globalThis.indexedDB;
    if (!factory) return openMemoryStore();
    return openIdbStore({
      indexedDB: factory,
      name,
      onBlocked: () => this.problem('upgrade-blocked'),
      // A newer version of the app needs the database: this tab stops using it (reload to continue).
      onVersionChange: () => this.problem('upgrade-blocked'),
      durability: this.options.durability ?? 'strict',
    });
  }

  private problem(p: StorageProblem): void {
    this.storageProblem = p;
    this.live.changed();
  }

  /** A change or a receipt was stored again: the problem shown is over. */
  private storageRecovered(): void {
    if (this.storageProblem === 'quota-exceeded' || this.storageProblem === 'local-write-failed') {
      this.storageProblem = null;
    }
  }

  private storageFailed = (failure: StorageFailure): void => {
    this.problem(failure.kind === 'quota-exceeded' ? 'quota-exceeded' : 'local-write-failed');
  };

  /** A write of a command: tells the other tabs, and clears a storage problem it proves gone. */
  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const store = await this.opened;
    try {
      const value = await store.write(fn);
      this.storageRecovered();
      return value;
    } catch (e) {
      if (e instanceof StorageFailure) {
        this.storageFailed(e);
        throw new ClientError(
          'storage',
          'This device could not store the change; nothing was saved.',
          { cause: e },
        );
      }
      throw e;
    }
  }

  private async readView(): Promise<LocalView | null> {
    try {
      return await (await this.opened).read(loadView);
    } catch (e) {
      if (!(e instanceof StorageFailure)) throw e;
      if (e.kind !== 'closed') this.storageFailed(e);
      return null;
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.busy.delete(tracked));
    this.busy.add(tracked);
  }

  // ── snapshot ───────────────────────────────────────────────────────────────

  private runtime(): Runtime {
    const runtime: Runtime = {
      ready: this.ready,
      now: this.clock.now(),
      connectivity: !this.network.isOnline()
        ? 'offline'
        : !this.reachable
          ? 'server-unreachable'
          : this.refusing
            ? 'server-busy'
            : 'online',
      settledThisRound: this.settledThisRound,
      storageProblem: this.storageProblem,
      testerMode: this.testerMode,
      stepByStep: this.stepByStep,
      serverSkew: this.serverSkew,
      finishing: this.finishing,
      warnWithinMs: this.options.warnWithinMs ?? 86_400_000,
      nextCheckAt: this.rounds.nextCheckAt,
      recheckAt: this.rounds.nextRecheckAt,
    };
    if (this.options.timeZone !== undefined) runtime.timeZone = this.options.timeZone;
    return runtime;
  }

  subscribe = (listener: () => void): (() => void) => this.live.subscribe(listener);
  getSnapshot = (): ClientSnapshot => this.live.getSnapshot();

  // ── the sender ─────────────────────────────────────────────────────────────

  private senderDeps(store: LocalStore): SenderDeps {
    const deps: SenderDeps = {
      store,
      http: this.http,
      random: this.random,
      policy: this.policy,
      lock: this.lock,
      isOnline: () => this.network.isOnline() && !this.closed,
      finishing: (id, state) => {
        if (state) this.finishing.set(id, state);
        else {
          this.finishing.delete(id);
          this.storageRecovered();
        }
        this.live.changed();
      },
      progress: (settled) => {
        this.settledThisRound = settled;
        this.live.changed();
      },
      storageFailed: this.storageFailed,
      pace: this.pace,
      serverSkew: () => this.serverSkew,
    };
    if (this.options.seams) deps.seams = this.options.seams;
    return deps;
  }

  /**
   * Every exchange with the server: the status bar shows the last real answer; an answer after a
   * silence (or a success while work rests) starts a new round at once, and a silence outside a
   * round plans the next check (recheck.ts).
   */
  private heard(outcome: HttpOutcome): void {
    if (this.closed) return;
    const { answered, succeeded } = heardFrom(outcome);
    const wasUnreachable = !this.reachable;
    const refusing = answered && refusedForNow(outcome);
    if (answered !== this.reachable || (answered && refusing !== this.refusing)) {
      this.reachable = answered;
      if (answered) this.refusing = refusing;
      this.live.changed();
    }
    const then = afterExchange({
      answered,
      succeeded,
      wasUnreachable,
      resting: this.rounds.isResting,
      roundRunning: this.rounds.isRunning,
    });
    if (then !== null) void this.rounds.kick(then === 'new-round' ? { newRound: true } : {});
  }

  /** One round for the scheduler; a plain kick while offline has nothing to do. */
  private async round(start: RoundStart): Promise<RoundReport | null> {
    if (this.closed || (!start.newRound && !this.network.isOnline())) return null;
    const store = await this.opened;
    // A look at a silent server with nothing resting to try: ask for the items (an answer starts
    // a new round, and refreshes the list on the way).
    if (start.recheck && !this.reachable && !this.rounds.isResting) await this.probe(store);
    try {
      return await drainOnce(this.senderDeps(store), start);
    } finally {
      this.settledThisRound = null;
      this.live.changed();
    }
  }

  private async probe(store: LocalStore): Promise<void> {
    const session = await store.read((tx) => getMeta(tx, 'session'));
    if (!session || session.expired) return;
    const deps = { store, http: this.http, storageFailed: this.storageFailed };
    await pullItemChanges(deps, session.token);
  }

  syncNow(start: RoundStart = {}): Promise<RoundReport> {
    return this.rounds.kick(start);
  }

  async whenIdle(): Promise<void> {
    while (this.busy.size > 0) await Promise.all([...this.busy]);
  }

  // ── start ──────────────────────────────────────────────────────────────────

  private async start(): Promise<void> {
    // A database that cannot be opened (an older app meeting a newer schema) is shown plainly.
    await this.opened.catch((e: unknown) => {
      this.problem('upgrade-blocked');
      throw e;
    });
    await this.write((tx) => ensureDevice(tx, randomId(this.random))).catch(() => undefined);
    await this.live.reload();
    this.ready = true;
    this.live.changed();
    await this.afterSignIn();
  }

  /** Lease, items, tester mode, then a new round (app start, sign-in). */
  private async afterSignIn(): Promise<void> {
    if (this.network.isOnline()) await this.endSessions();
    const session = await this.session();
    if (!session || session.expired || !this.network.isOnline()) {
      void this.rounds.kick({ newRound: true });
      return;
    }
    const deps = {
      store: await this.opened,
      http: this.http,
      random: this.random,
      storageFailed: this.storageFailed,
      serverSkew: () => this.serverSkew,
    };
    // Tester mode first, asked only when the sign-in answer said it is open (never a 404 in the
    // console; the clock read confirms the server still runs in tester mode after a restart). Its
    // clock may be days ahead, and the lease is judged by it.
    const probe =
      session.testerMode === true ? await api.sim.clock(this.http, session.token) : null;
    this.testerMode = probe?.kind === 'ok';
    this.paceChanged();
    if (probe?.kind === 'ok') {
      const now = this.clock.now();
      this.serverSkew = { offsetMs: Date.parse(probe.value.now) - now, measuredAt: now };
    }
    await ensureFreshLease(deps, session, this.policy.leaseMaxAgeMs);
    await pullItemChanges(deps, session.token);
    this.live.changed();
    void this.rounds.kick({ newRound: true });
  }

  /** Sessions signed out here (maybe offline) end on the server at this contact; one run at a time. */
  private endSessions(): Promise<unknown> {
    this.endingSessions ??= (async () => {
      try {
        await tellServerSessionsEnded({ store: await this.opened, http: this.http });
      } catch {
        // Storage trouble is shown by the writes that meet it; the tokens wait for the next contact.
      } finally {
        this.endingSessions = null;
      }
    })();
    return this.endingSessions;
  }

  private async session() {
    return (await this.opened).read((tx) => getMeta(tx, 'session'));
  }

  // ── commands ───────────────────────────────────────────────────────────────

  async signIn(username: string, password: string): Promise<CommandResult> {
    const res = await api.signIn(this.http, username, password);
    if (res.kind !== 'ok') return { ok: false, message: signInRefusal(res) };
    const { token, user, testerMode } = res.value;
    try {
      await this.write((tx) => setSession(tx, token, user, testerMode === true));
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    await this.afterSignIn();
    return { ok: true };
  }

  async signOut(): Promise<void> {
    await this.write(signOutKeepingData);
    this.testerMode = false;
    this.paceChanged();
    // The session is over here already; telling the server may take a while (or a later contact).
    this.track(this.endSessions());
  }

  async signOutAndRemoveData(): Promise<CommandResult> {
    let result: RemoveDataResult;
    try {
      result = await this.write(signOutRemovingData);
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    if (result.kind === 'unconfirmed')
      return { ok: false, message: unconfirmedRefusal(result.count) };
    this.testerMode = false;
    this.paceChanged();
    // A context whose Cache Storage refuses access (sandboxed) has none to hold API answers.
    await forgetCachedApiData(
      this.options.caches === undefined ? defaultCaches() : this.options.caches,
    ).catch(() => 0);
    this.track(this.endSessions());
    return { ok: true };
  }

  async setDeviceName(name: string): Promise<void> {
    await this.write((tx) => setDeviceName(tx, name, randomId(this.random)));
  }

  private async decide(parse: () => Op): Promise<OperationView> {
    let op: Op;
    try {
      op = parse();
    } catch (e) {
      throw new ClientError('invalid', e instanceof Error ? e.message : String(e));
    }
    const result = await this.write(async (tx): Promise<EnqueueResult | { kind: 'signed-out' }> => {
      const session = await getMeta(tx, 'session');
      if (!session) return { kind: 'signed-out' };
      return enqueue(
        tx,
        { userId: session.user.id, userName: session.user.name },
        op,
        this.clock.now(),
      );
    });
    return this.saved(result);
  }

  private saved(
    result: EnqueueResult | { kind: 'signed-out' } | { kind: 'not-allowed' },
  ): OperationView {
    switch (result.kind) {
      case 'saved':
        void this.rounds.kick();
        return this.viewOf(result.record, result.lease);
      case 'signed-out':
        throw new ClientError('signed-out', 'Sign in to make changes.');
      case 'no-lease':
        throw new ClientError(
          'no-lease',
          'This device needs to reach the server once before it can save changes.',
        );
      case 'not-allowed':
        throw new ClientError('not-allowed', 'This change cannot be entered again or reversed.');
      default:
        return assertNever(result);
    }
  }

  /** The view of a record just written, as the snapshot shows it. */
  private viewOf(record: OperationRecord, lease: LeaseRecord): OperationView {
    const runtime = { finishing: this.finishing, now: this.clock.now() };
    const view = { leases: new Map([[lease.id, lease]]), receipts: new Map(), attempts: new Map() };
    return operationView(record, view, runtime);
  }

  adjust(input: Parameters<StockroomClient['adjust']>[0]): Promise<OperationView> {
    return this.decide(() => AdjustOp.parse({ type: 'adjust', ...input }));
  }

  count(input: Parameters<StockroomClient['count']>[0]): Promise<OperationView> {
    return this.decide(() => CountOp.parse({ type: 'count', ...input }));
  }

  createItem(input: Parameters<StockroomClient['createItem']>[0]): Promise<OperationView> {
    return this.decide(() => CreateItemOp.parse({ type: 'createItem', ...input }));
  }

  updateItem(input: Parameters<StockroomClient['updateItem']>[0]): Promise<OperationView> {
    return this.decide(() => UpdateItemOp.parse({ type: 'updateItem', ...input }));
  }

  archiveItem(input: Parameters<StockroomClient['archiveItem']>[0]): Promise<OperationView> {
    return this.decide(() => ArchiveItemOp.parse({ type: 'archiveItem', ...input }));
  }

  async importItems(
    ops: Parameters<StockroomClient['importItems']>[0],
  ): Promise<{ ids: string[] }> {
    let checked: Op[];
    try {
      checked = ops.map((op) =>
        op.type === 'createItem' ? CreateItemOp.parse(op) : UpdateItemOp.parse(op),
      );
    } catch (e) {
      throw new ClientError('invalid', e instanceof Error ? e.message : String(e));
    }
    const now = this.clock.now();
    if (checked.length === 0) return { ids: [] };
    const result = await this.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      if (!session) return { kind: 'signed-out' as const };
      const author = { userId: session.user.id, userName: session.user.name };
      return enqueueAll(tx, author, checked, now);
    });
    switch (result.kind) {
      case 'saved':
        void this.rounds.kick();
        return { ids: result.records.map(handleOf) };
      case 'signed-out':
        throw new ClientError('signed-out', 'Sign in to make changes.');
      case 'no-room':
        throw new ClientError(
          'no-lease',
          `This device can save ${result.room} more changes before it reaches the server again; import fewer rows, or connect first.`,
        );
      default:
        return assertNever(result);
    }
  }

  /** While this tab paces its sender, the service worker leaves the sending to it (tabs.ts). */
  private paceChanged(): void {
    this.watch.set(!this.closed && this.stepByStep && this.testerMode);
  }

  setStepByStep(on: boolean): void {
    this.stepByStep = on;
    if (!on) this.pace.hold = null;
    this.paceChanged();
    try {
      this.preferences?.setItem(STEP_BY_STEP_KEY, on ? 'on' : 'off');
    } catch {
      // Not remembered (storage full or blocked): it still applies to this visit.
    }
    this.live.changed();
    // Leaving step by step lets held work go at once.
    if (!on) void this.rounds.kick({});
  }

  noteServerClock(serverNow: string): void {
    const at = Date.parse(serverNow);
    if (Number.isNaN(at)) return;
    const now = this.clock.now();
    this.serverSkew = { offsetMs: at - now, measuredAt: now };
    this.live.changed();
    // The lease may be over on the server's clock: a round refreshes it.
    void this.rounds.kick({});
  }

  async checkAndResend(operationId: string): Promise<void> {
    await this.rounds.kick({ newRound: true, resendId: operationId });
  }

  async enterAgainAsNew(operationId: string, edited?: Op): Promise<OperationView> {
    let op: Op | undefined;
    try {
      op = edited && Op.parse(edited);
    } catch (e) {
      throw new ClientError('invalid', e instanceof Error ? e.message : String(e));
    }
    const result = await this.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      if (!session) return { kind: 'signed-out' as const };
      const author = { userId: session.user.id, userName: session.user.name };
      return enterAgain(tx, author, operationId, this.clock.now(), op);
    });
    return this.saved(result);
  }

  async cancelUnsent(operationId: string): Promise<void> {
    const done = await this.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      return session ? cancelUnsent(tx, session.user.id, operationId) : false;
    });
    if (!done) {
      throw new ClientError(
        'not-allowed',
        'It may already have been sent, so it cannot be cancelled; make a new change to undo it.',
      );
    }
  }

  async reverse(operationId: string): Promise<OperationView> {
    const result = await this.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      if (!session) return { kind: 'signed-out' as const };
      const author = { userId: session.user.id, userName: session.user.name };
      return reverse(tx, author, operationId, this.clock.now());
    });
    return this.saved(result);
  }

  async discard(operationId: string, note: string): Promise<void> {
    const done = await this.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      return session ? discard(tx, session.user.id, operationId, note, this.clock.now()) : false;
    });
    if (!done) throw new ClientError('not-allowed', 'Only reviewed operations can be discarded.');
  }

  async refreshItems(): Promise<void> {
    const session = await this.session();
    if (!session) return;
    await pullItemChanges(
      {
        store: await this.opened,
        http: this.http,
        storageFailed: this.storageFailed,
      },
      session.token,
    );
  }

  async history(itemId: string, before?: string): Promise<HistoryResponse> {
    const session = await this.session();
    if (!session) throw new ClientError('signed-out', 'Sign in to see the history.');
    const res = await api.itemHistory(this.http, session.token, itemId, before);
    if (res.kind === 'ok') return res.value;
    throw new ClientError(
      'unreachable',
      res.kind === 'problem'
        ? res.detail
        : 'The history is on the server, which cannot be reached now.',
    );
  }

  async exportBackup(): Promise<string> {
    const store = await this.opened;
    const backup = await store.read(async (tx) => {
      const session = await getMeta(tx, 'session');
      return session && exportOutbox(tx, session.user.id, this.clock.now());
    });
    if (!backup) throw new ClientError('signed-out', 'Sign in to export your changes.');
    return JSON.stringify(backup, null, 2);
  }

  async importBackup(text: string): Promise<CommandResult> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, message: 'This file is not a Stockroom backup (it is not JSON).' };
    }
    const backup = BackupFile.safeParse(parsed);
    if (!backup.success)
      return { ok: false, message: 'This file is not a Stockroom backup this version can read.' };
    try {
      await this.write((tx) => importOutbox(tx, backup.data, this.clock.now()));
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    // Step by step: "Needs review: restored…" stays on screen before the status question.
    this.pace.hold = holdAfterStep({ final: false }, this.clock.now(), this.pace.policy());
    void this.rounds.kick();
    return { ok: true };
  }

  async backupFromOtherDevice(change: OtherDeviceRequest): Promise<OtherDeviceBackup> {
    const session = await this.session();
    if (!session || session.expired || !this.testerMode) {
      throw new ClientError('signed-out', 'Sign in as a manager on a server in tester mode.');
    }
    const itemId = 'itemId' in change.op ? change.op.itemId : null;
    const item = itemId === null ? null : ((await this.readItem(itemId)) ?? null);
    return backupFromOtherDevice(this.http, session, { ...change, item });
  }

  private async readItem(itemId: string) {
    return (await this.opened).read((tx) => tx.get('items', itemId));
  }

  authorizedFetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const session = await this.session();
    const headers = new Headers(init.headers);
    if (session) headers.set('authorization', `Bearer ${session.token}`);
    return this.http.fetch(`${this.http.baseUrl}${path}`, { ...init, headers });
  };

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.paceChanged();
    this.closing.abort();
    this.rounds.stop();
    this.network.close();
    this.channel.close();
    this.live.close();
    void this.opened.then((store) => store.close()).catch(() => undefined);
  }
}
