/**
 * `createClient`: the StockroomClient of facade.ts over IndexedDB, the sender and the server API.
 * It keeps no state of its own that matters: what it shows is IndexedDB's content, followed
 * through its own committed writes and re-read when another tab announces a change.
 *
 * Around it: wiring.ts (what it shares with the service worker's sender), storage-health.ts,
 * outbox-commands.ts and account-commands.ts (the commands), live-view.ts (the snapshot).
 */
import type {
  HistoryResponse,
  Op,
  StocktakeDetail,
  StocktakeOp,
  StocktakesResponse,
} from '../protocol/schemas';
import { randomId, type Clock } from './core/clock';
import type { FinishingState } from './core/operation-state';
import { refusalClock } from './core/answers';
import { afterExchange, heardFrom, refusedForNow } from './core/recheck';
import { holdAfterStep, pacing } from './core/pacing';
import type { ServerSkew } from './core/server-clock';
import type { Runtime } from './core/snapshot';
import type { HttpOutcome } from './core/http-outcome';
import type { LocalView } from './core/local-view';
import type {
  ClientSnapshot,
  CommandResult,
  OperationView,
  OtherDeviceBackup,
  OtherDeviceRequest,
  StockroomClient,
  TesterClient,
} from './facade';
import * as account from './account-commands';
import { defaultCaches, type CacheStorageLike } from './cached-api-data';
import { ClientError } from './client-error';
import { checkEpoch } from './epoch-check';
import { ensureFreshLease } from './lease-sync';
import { LiveView } from './live-view';
import { ensureDevice, getMeta, markSessionExpired, setDeviceName } from './transactions/meta';
import { loadView } from './transactions/view';
import {
  keepStocktake,
  keepStocktakes,
  keptStocktake,
  keptStocktakes,
} from './transactions/kept-stocktakes';
import { keepHistory, keptHistory } from './transactions/kept-histories';
import {
  coversWindow,
  stockEntry,
  type ItemQuantities,
  type KeptHistory,
  type StockEntry,
} from './core/stock-history';
import * as api from './net/api';
import type { HttpDeps } from './net/http';
import { NetworkWatch, browserNetwork, type NetworkEvents } from './connectivity';
import { OutboxCommands } from './outbox-commands';
import {
  defaultPreferences,
  rememberStepByStep,
  stepByStepRemembered,
  type Preferences,
} from './preferences';
import type { OutboxWrites } from './transactions/outbox';
import { RoundScheduler } from './round-scheduler';
import {
  drainOnce,
  type Pace,
  type RoundReport,
  type RoundStart,
  type SenderDeps,
  type SenderPolicy,
} from './sender';
import { peopleClient, type PeopleClient } from './people-commands';
import { tellServerSessionsEnded } from './session-end';
import { StorageHealth, type StoreOptions } from './storage-health';
import type { LocalStore, Tx } from './store/local-store';
import { recordingStore } from './store/recording-store';
import { PersonFirst } from './person-first';
import { pullItemChanges } from './sync-items';
import { backupFromOtherDevice } from './other-device';
import type { ChangeChannel, SenderLock, WatchSignal } from './tabs';
import { wiring, type WiringOptions } from './wiring';

export interface ClientOptions extends WiringOptions, StoreOptions {
  network?: NetworkEvents;
  /** Warn about deadlines this close (default 24 h). */
  warnWithinMs?: number;
  /** The outbox's claim and settle inside the sender's transactions (default: transactions/outbox.ts). */
  outbox?: OutboxWrites;
  /** Cache Storage emptied of API answers by "remove data" (default: the page's; null: none). */
  caches?: CacheStorageLike | null;
  /** Where this device remembers the Tester panel's "Step by step" (default: localStorage). */
  preferences?: Preferences | null;
}

export type { Preferences } from './preferences';
export { ClientError, refusalOf, type ClientErrorKind } from './client-error';

/** 20 pages of 50 for Stock over time: a thousand changes; beyond, the chart starts where they end. */
const MAX_HISTORY_PAGES = 20;

/** What tests and the service worker need beyond the facade. */
export interface StockroomClientCore extends StockroomClient {
  /** Run a sender round now and wait for it. */
  syncNow(start?: RoundStart): Promise<RoundReport>;
  /** Resolves when no round, reload or start-up work is running. */
  whenIdle(): Promise<void>;
  /** The real client always has the tester's tools (the server decides whether they act). */
  readonly tester: TesterClient;
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
  private readonly looking: WatchSignal;
  private readonly network: NetworkWatch;
  private readonly finishing = new Map<string, FinishingState>();
  private readonly live: LiveView;
  private readonly rounds: RoundScheduler;
  private readonly storage: StorageHealth;
  private readonly outbox: OutboxCommands;
  /** A person's write goes before the background's next transaction (person-first.ts). */
  private readonly personFirst: PersonFirst;
  private readonly account: account.AccountDeps;
  readonly people: PeopleClient;
  private readonly busy = new Set<Promise<unknown>>();
  private ready = false;
  private closed = false;
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
    const wired = wiring(options);
    this.clock = wired.clock;
    this.personFirst = new PersonFirst(this.clock);
    this.random = wired.random;
    this.policy = wired.policy;
    this.lock = wired.lock;
    this.watch = wired.watch;
    this.looking = wired.looking;
    this.preferences =
      options.preferences === undefined ? defaultPreferences() : options.preferences;
    this.stepByStep = stepByStepRemembered(this.preferences);
    this.pace = { policy: () => pacing(this.stepByStep && this.testerMode), hold: null };
    this.http = wired.http({
      signal: this.closing.signal,
      observe: (outcome) => this.heard(outcome),
    });
    this.network = NetworkWatch.idle(options.network ?? browserNetwork());
    this.live = new LiveView(
      () => this.readView(),
      () => this.runtime(),
      (w) => this.track(w),
    );
    this.storage = new StorageHealth(() => this.live.changed());
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
    this.channel = wired.channel(() => void this.live.reload());
    this.opened = this.open(wired.dbName);
    this.outbox = new OutboxCommands({
      clock: this.clock,
      write: (fn) => this.write(fn),
      read: async (fn) => (await this.opened).read(fn),
      kick: () => void this.rounds.kick(),
      imported: () => {
        this.pace.hold = holdAfterStep({ final: false }, this.clock.now(), this.pace.policy());
      },
      finishing: this.finishing,
    });
    this.account = {
      http: this.http,
      write: (fn) => this.write(fn),
      afterSignIn: () => this.afterSignIn(),
      signedOut: () => {
        this.testerMode = false;
        this.paceChanged();
        // The session is over here already; telling the server may take a while (or a later contact).
        this.track(this.endSessions());
      },
      caches: options.caches === undefined ? defaultCaches() : options.caches,
    };
    this.people = peopleClient({
      http: this.http,
      isOnline: () => this.network.isOnline() && !this.closed,
      session: async () => (await this.session()) ?? null,
      // As the sender does on a 401: keep who it was (their outbox), ask for a sign-in.
      sessionEnded: (token) => this.write((tx) => markSessionExpired(tx, token)),
    });
    this.network.listen({
      online: () => this.track(this.afterSignIn()),
      offline: () => this.live.changed(),
      visible: () => {
        this.lookingChanged();
        this.track(this.afterSignIn());
      },
      hidden: () => this.lookingChanged(),
    });
    this.lookingChanged();
    this.track(this.start());
  }

  // ── storage ────────────────────────────────────────────────────────────────

  /** The store, reporting this tab's committed writes to its picture and to the other tabs. */
  private async open(name: string): Promise<LocalStore> {
    return recordingStore(await this.storage.open(this.options, name), (log) => {
      this.live.applied(log);
      this.channel.post();
    });
  }

  /** Commands' writes so far: while a person keeps working, the sender's transactions stay small. */
  private personWrites = 0;

  /** A write of a command: tells the other tabs, and clears a storage problem it proves gone. */
  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    this.personWrites++;
    try {
      return await this.storage.write(await this.opened, fn);
    } finally {
      this.personFirst.wrote();
      // The person waits for it: shown at once, not at the background's pace (live-view.ts).
      this.live.changed();
    }
  }

  private async readView(): Promise<LocalView | null> {
    return this.storage.read(await this.opened, loadView);
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
      storageProblem: this.storage.problem,
      testerMode: this.testerMode,
      stepByStep: this.stepByStep,
      serverSkew: this.serverSkew,
      finishing: this.finishing,
      warnWithinMs: this.options.warnWithinMs ?? 86_400_000,
      nextCheckAt: this.rounds.nextCheckAt,
      recheckAt: this.rounds.nextRecheckAt,
    };
    return runtime;
  }

  subscribe = (listener: () => void): (() => void) => this.live.subscribe(listener);
  getSnapshot = (): ClientSnapshot => this.live.getSnapshot();
  personActing = (): void => this.personFirst.acting();

  // ── the sender ─────────────────────────────────────────────────────────────

  private senderDeps(store: LocalStore): SenderDeps {
    const deps: SenderDeps = {
      store: this.personFirst.background(store),
      http: this.http,
      random: this.random,
      policy: this.policy,
      lock: this.lock,
      isOnline: () => this.network.isOnline() && !this.closed,
      finishing: (id, state) => {
        if (state) this.finishing.set(id, state);
        else {
          this.finishing.delete(id);
          this.storage.recovered();
        }
        this.live.progressed();
      },
      progress: (settled) => {
        this.settledThisRound = settled;
        this.live.progressed();
      },
      storageFailed: this.storage.failed,
      pace: this.pace,
      serverSkew: () => this.serverSkew,
      personWrites: () => this.personWrites,
    };
    if (this.options.outbox) deps.outbox = this.options.outbox;
    return deps;
  }

  /**
   * Every exchange with the server: the status bar shows the last real answer; an answer after a
   * silence (or a success while work rests) starts a new round at once, and a silence outside a
   * round plans the next check (recheck.ts).
   */
  private heard(outcome: HttpOutcome): void {
    if (this.closed) return;
    // A refusal for lateness says what the server's clock read: judge leases by it from now on.
    const serverClock = refusalClock(outcome);
    if (serverClock !== null) this.noteServerClock(serverClock);
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
    const deps = { store, http: this.http, storageFailed: this.storage.failed };
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
      this.storage.report('upgrade-blocked');
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
      storageFailed: this.storage.failed,
      serverSkew: () => this.serverSkew,
    };
    // Tester mode first, asked only when the sign-in answer said it is open (never a 404 in the
    // console; the clock read confirms the server still runs in tester mode after a restart). Its
    // clock may be days ahead, and the lease is judged by it.
    const probe =
      session.testerMode === true ? await api.testerClock(this.http, session.token) : null;
    // No answer (back online a moment before the network is, a timeout) says nothing about it.
    if (probe?.kind !== 'unreachable') this.testerMode = probe?.kind === 'ok';
    this.paceChanged();
    if (probe?.kind === 'ok') {
      const now = this.clock.now();
      this.serverSkew = { offsetMs: Date.parse(probe.value.now) - now, measuredAt: now };
    }
    // A restore since the last contact is met now, before any item pull or sending.
    await checkEpoch(deps, session.token);
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

  signIn(username: string, password: string): Promise<CommandResult> {
    return account.signIn(this.account, username, password);
  }

  signOut(): Promise<void> {
    return account.signOut(this.account);
  }

  signOutAndRemoveData(): Promise<CommandResult> {
    return account.signOutAndRemoveData(this.account);
  }

  async setDeviceName(name: string): Promise<void> {
    await this.write((tx) => setDeviceName(tx, name, randomId(this.random)));
  }

  adjust = (input: Parameters<StockroomClient['adjust']>[0]) => this.outbox.adjust(input);
  count = (input: Parameters<StockroomClient['count']>[0]) => this.outbox.count(input);
  createItem = (input: Parameters<StockroomClient['createItem']>[0]) =>
    this.outbox.createItem(input);
  updateItem = (input: Parameters<StockroomClient['updateItem']>[0]) =>
    this.outbox.updateItem(input);
  archiveItem = (input: Parameters<StockroomClient['archiveItem']>[0]) =>
    this.outbox.archiveItem(input);
  transfer = (input: Parameters<StockroomClient['transfer']>[0]) => this.outbox.transfer(input);
  createPlace = (input: Parameters<StockroomClient['createPlace']>[0]) =>
    this.outbox.createPlace(input);
  updatePlace = (input: Parameters<StockroomClient['updatePlace']>[0]) =>
    this.outbox.updatePlace(input);
  archivePlace = (input: Parameters<StockroomClient['archivePlace']>[0]) =>
    this.outbox.archivePlace(input);
  saveDelivery = (input: Parameters<StockroomClient['saveDelivery']>[0]) =>
    this.outbox.saveDelivery(input);
  importItems = (ops: Parameters<StockroomClient['importItems']>[0]) =>
    this.outbox.importItems(ops);
  enterAgainAsNew = (operationId: string, edited?: Op): Promise<OperationView> =>
    this.outbox.enterAgainAsNew(operationId, edited);
  cancelUnsent = (operationId: string) => this.outbox.cancelUnsent(operationId);
  reverse = (operationId: string) => this.outbox.reverse(operationId);
  discard = (operationId: string, note: string) => this.outbox.discard(operationId, note);
  exportBackup = () => this.outbox.exportBackup();
  importBackup = (text: string) => this.outbox.importBackup(text);

  private async backupFromOtherDevice(change: OtherDeviceRequest): Promise<OtherDeviceBackup> {
    const session = await this.session();
    if (!session || session.expired || !this.testerMode) {
      throw new ClientError({ kind: 'tester-only' });
    }
    const itemId = 'itemId' in change.op ? change.op.itemId : null;
    const item =
      itemId === null
        ? null
        : ((await (await this.opened).read((tx) => tx.get('items', itemId))) ?? null);
    return backupFromOtherDevice(this.http, session, { ...change, item });
  }

  async checkAndResend(operationId: string): Promise<void> {
    await this.rounds.kick({ newRound: true, resendId: operationId });
  }

  /** While this tab is in front of a person, the service worker leaves the sending to it. */
  private lookingChanged(): void {
    this.looking.set(!this.closed && this.network.isVisible());
  }

  /** While this tab paces its sender, the service worker leaves the sending to it (tabs.ts). */
  private paceChanged(): void {
    this.watch.set(!this.closed && this.stepByStep && this.testerMode);
  }

  private setStepByStep(on: boolean): void {
    this.stepByStep = on;
    if (!on) this.pace.hold = null;
    this.paceChanged();
    rememberStepByStep(this.preferences, on);
    this.live.changed();
    // Leaving step by step lets held work go at once.
    if (!on) void this.rounds.kick({});
  }

  private noteServerClock(serverNow: string): void {
    const at = Date.parse(serverNow);
    if (Number.isNaN(at)) return;
    const now = this.clock.now();
    this.serverSkew = { offsetMs: at - now, measuredAt: now };
    this.live.changed();
    // The lease may be over on the server's clock: a round refreshes it.
    void this.rounds.kick({});
  }

  async refreshItems(): Promise<void> {
    const session = await this.session();
    if (!session) return;
    const deps = { store: await this.opened, http: this.http, storageFailed: this.storage.failed };
    await pullItemChanges(deps, session.token);
  }

  /** History pages being read, by item and page: a screen's two readers share one request. */
  private readonly historyReads = new Map<string, Promise<HistoryResponse>>();

  history(itemId: string, before?: string): Promise<HistoryResponse> {
    const key = `${itemId}\u0000${before ?? ''}`;
    const reading = this.historyReads.get(key);
    if (reading) return reading;
    const read = this.readHistory(itemId, before).finally(() => this.historyReads.delete(key));
    this.historyReads.set(key, read);
    return read;
  }

  private async readHistory(itemId: string, before?: string): Promise<HistoryResponse> {
    const session = await this.session();
    if (!session) throw new ClientError({ kind: 'signed-out-history' });
    const res = await api.itemHistory(this.http, session.token, itemId, before);
    if (res.kind === 'ok') return res.value;
    throw new ClientError(
      res.kind === 'problem'
        ? { kind: 'server-problem', status: res.status, detail: res.detail }
        : { kind: 'history-unreachable' },
    );
  }

  /**
   * Stock over time's history: the server's pages back to 90 days before the newest change (at
   * most MAX_HISTORY_PAGES), kept on this device; unanswered, what was kept.
   */
  async stockHistory(itemId: string, item: ItemQuantities): Promise<KeptHistory | null> {
    const entries: StockEntry[] = [];
    let next: string | null = null;
    try {
      for (let page = 0; page < MAX_HISTORY_PAGES && !coversWindow(entries); page++) {
        const answer: HistoryResponse = await this.history(itemId, next ?? undefined);
        entries.push(...answer.entries.map(stockEntry));
        next = answer.next;
        if (next === null) break;
      }
    } catch {
      return this.keptStockHistory(itemId);
    }
    const { revision, quantity, stock } = item;
    const history = { entries, more: next !== null, item: { revision, quantity, stock } };
    await this.keep((tx) => keepHistory(tx, itemId, history));
    return history;
  }

  async keptStockHistory(itemId: string): Promise<KeptHistory | null> {
    return this.storage.read(await this.opened, (tx) => keptHistory(tx, itemId));
  }

  stocktakeStep = (op: StocktakeOp): Promise<OperationView> => this.outbox.stocktakeStep(op);

  /** Asked of the server and kept on this device; unanswered, what was kept. */
  async stocktakes(): Promise<StocktakesResponse | null> {
    const session = await this.session();
    if (!session) return null;
    const res = await api.listStocktakes(this.http, session.token);
    if (res.kind !== 'ok') return this.keptStocktakes();
    await this.keep((tx) => keepStocktakes(tx, session.user.id, res.value));
    return res.value;
  }

  async stocktake(id: string): Promise<StocktakeDetail | null> {
    const session = await this.session();
    if (!session) return null;
    const res = await api.stocktakeDetail(this.http, session.token, id);
    if (res.kind !== 'ok') return this.keptStocktake(id);
    await this.keep((tx) => keepStocktake(tx, session.user.id, res.value));
    return res.value;
  }

  async keptStocktakes(): Promise<StocktakesResponse | null> {
    const session = await this.session();
    if (!session) return null;
    const store = await this.opened;
    return (await this.storage.read(store, (tx) => keptStocktakes(tx, session.user.id))) ?? null;
  }

  async keptStocktake(id: string): Promise<StocktakeDetail | null> {
    const session = await this.session();
    if (!session) return null;
    const store = await this.opened;
    return (await this.storage.read(store, (tx) => keptStocktake(tx, session.user.id, id))) ?? null;
  }

  /** Keeps a server answer on the device; a storage problem is shown, the answer still used. */
  private async keep(fn: (tx: Tx) => Promise<void>): Promise<void> {
    await this.storage.write(await this.opened, fn).catch(() => undefined);
  }

  private authorizedFetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const session = await this.session();
    const headers = new Headers(init.headers);
    if (session) headers.set('authorization', `Bearer ${session.token}`);
    return this.http.fetch(`${this.http.baseUrl}${path}`, { ...init, headers });
  };

  readonly tester: TesterClient = {
    authorizedFetch: (path, init) => this.authorizedFetch(path, init),
    setStepByStep: (on) => this.setStepByStep(on),
    noteServerClock: (serverNow) => this.noteServerClock(serverNow),
    backupFromOtherDevice: (change) => this.backupFromOtherDevice(change),
  };

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.paceChanged();
    this.lookingChanged();
    this.closing.abort();
    this.rounds.stop();
    this.network.close();
    this.channel.close();
    this.live.close();
    void this.opened.then((store) => store.close()).catch(() => undefined);
  }
}
