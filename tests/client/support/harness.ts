/**
 * One real server and any number of clients on fake time, for the client suites. Clients talk to
 * `http://stockroom.test`, routed to the server wherever it listens (it may restart).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import {
  createClient,
  type ClientOptions,
  type StockroomClientCore,
} from '../../../src/client/client';
import type { LocalStore } from '../../../src/client/store/local-store';
import { openIdbStore } from '../../../src/client/store/idb-store';
import { TimelineResponse, type FaultRule } from '../../../src/protocol/schemas';
import type { RunningServer } from '../../../src/server/start';
import { ManualClock, seededRandom } from './manual-clock';
import { ManualNetwork, routedFetch } from './network';
import { signInDirect, simCall, startClientSuiteServer, type Session } from './server';

export interface Harness {
  server: RunningServer;
  clock: ManualClock;
  network: ManualNetwork;
  /** A tester session (faults, clock, cleanup), separate from the clients' own. */
  tester: Session;
  client(options?: ClientOptions): StockroomClientCore;
  /** Another connection to a client's IndexedDB, to look at what it stored. */
  storeOf(client: StockroomClientCore): Promise<LocalStore>;
  fault(rule: FaultRule): Promise<void>;
  clearFaults(): Promise<void>;
  advanceServerClock(ms: number): Promise<void>;
  cleanup(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const server = await startClientSuiteServer(env);
  const tester = await signInDirect(server.url, 'manager');
  const clock = new ManualClock(Date.now());
  const network = new ManualNetwork();
  const clients: StockroomClientCore[] = [];
  const factories = new WeakMap<StockroomClientCore, IDBFactory>();
  let seed = 1;
  const h: Harness = {
    server,
    clock,
    network,
    tester,
    client(options = {}) {
      const indexedDB = options.indexedDB ?? new IDBFactory();
      const c = createClient({
        baseUrl: 'http://stockroom.test',
        fetch: routedFetch(() => h.server.url, network),
        clock,
        random: seededRandom(seed++),
        indexedDB,
        broadcast: null,
        network,
        attemptTimeoutMs: 2000,
        ...options,
      });
      clients.push(c);
      factories.set(c, indexedDB);
      return c;
    },
    storeOf(c) {
      const indexedDB = factories.get(c);
      if (!indexedDB) throw new Error('not a client of this harness');
      return openIdbStore({ indexedDB });
    },
    fault: async (rule) =>
      void (await simCall(h.server.url, tester.token, 'POST', '/api/sim/faults', rule)),
    clearFaults: async () =>
      void (await simCall(h.server.url, tester.token, 'DELETE', '/api/sim/faults')),
    advanceServerClock: async (advanceMs) =>
      void (await simCall(h.server.url, tester.token, 'POST', '/api/sim/clock', { advanceMs })),
    cleanup: async () =>
      void (await simCall(h.server.url, tester.token, 'POST', '/api/sim/cleanup')),
    async close() {
      for (const c of clients) c.close();
      await h.server.close();
    },
  };
  return h;
}

/**
 * Poll (real time) until the condition holds. The deadline only bounds a hang: generous, so a
 * machine busy with other work is slow, not failing.
 */
export async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const start = Date.now();
  const holds = () => {
    try {
      return condition();
    } catch {
      return false; // not there yet (e.g. the snapshot has not caught up)
    }
  };
  while (!holds()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A client signed in as demo, with its start-up work done. */
export async function signedIn(h: Harness, options: ClientOptions = {}, username = 'demo') {
  const c = h.client(options);
  const result = await c.signIn(username, username);
  if (!result.ok) throw new Error(result.refusal.kind);
  await c.whenIdle();
  return c;
}

/** `n` changes (one received each of `itemId`) saved on the device offline: their ids, in order. */
export async function savedOffline(
  h: Harness,
  c: StockroomClientCore,
  n: number,
  itemId: string,
): Promise<string[]> {
  h.network.set(false);
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await c.adjust({ itemId, delta: 1, reason: 'received' })).id);
  await c.whenIdle();
  return ids;
}

export function opById(c: StockroomClientCore, id: string) {
  const op = c.getSnapshot().operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id} in the snapshot`);
  return op;
}

/** The server's stored record for an operation of a user (receipt bytes, compaction). */
export function serverRecord(h: Harness, userId: string, operationId: string) {
  return h.server.store.findOperation(userId, operationId);
}

/** How many applied effects the server's journal holds for an operation id on an item. */
export async function effectsOf(h: Harness, itemId: string, operationId: string): Promise<number> {
  const history = await h.server.store.history(itemId, 200, null);
  return history?.entries.filter((e) => e.operationId === operationId).length ?? 0;
}

/** The receipt text a client stored for an operation (null: none). */
export async function storedReceipt(h: Harness, c: StockroomClientCore, id: string) {
  const store = await h.storeOf(c);
  try {
    return (await store.read((tx) => tx.get('operations', id)))?.receipt?.text ?? null;
  } finally {
    store.close();
  }
}

/** Let fake time run to the client's next timer (its next retry), and wait for what it starts. */
export async function nextRetry(h: Harness, c: StockroomClientCore): Promise<void> {
  const at = h.clock.nextTimerAt();
  if (at === null) throw new Error('no retry is scheduled');
  h.clock.advance(Math.max(0, at - h.clock.now()));
  await c.whenIdle();
}

const sessions = new WeakMap<Harness, Map<string, Promise<Session>>>();

/** The server's tester timeline of one user's operation (read by the manager): one event per line. */
export async function serverTimeline(h: Harness, operationId: string, username = 'demo') {
  const mine = sessions.get(h) ?? new Map<string, Promise<Session>>();
  sessions.set(h, mine);
  // The tester routes are a manager's; the manager names whose operation it is.
  const session = mine.get('manager') ?? signInDirect(h.server.url, 'manager');
  mine.set('manager', session);
  const path = `/api/sim/timeline?operationId=${encodeURIComponent(operationId)}&user=${encodeURIComponent(username)}`;
  const body = await simCall(h.server.url, (await session).token, 'GET', path);
  return TimelineResponse.parse(body).events;
}

/** How an attempt ends on the server: answered, or cut off by a tester fault. */
const ATTEMPT_ENDS = new Set([
  'response-sent',
  'request-dropped',
  'response-dropped',
  'rolled-back',
]);

/** The attempts about an operation the server has received, and how many of them it finished. */
export interface ServerAttempts {
  received: number;
  /** Answered or cut off (a late one held by a `delay` fault counts once it is through). */
  ended: number;
}

/** Waits (real time, generous deadline) until the server's attempts about the operation satisfy `accept`. */
export async function untilServer(
  h: Harness,
  operationId: string,
  accept: (attempts: ServerAttempts) => boolean,
  what: string,
  username = 'demo',
): Promise<void> {
  const start = Date.now();
  for (;;) {
    const events = await serverTimeline(h, operationId, username);
    const ids = (names: (e: string) => boolean) =>
      new Set(events.filter((e) => names(e.event)).map((e) => e.attemptId));
    const received = ids((e) => e === 'attempt-received');
    const ended = ids((e) => ATTEMPT_ENDS.has(e));
    if (
      accept({ received: received.size, ended: [...received].filter((a) => ended.has(a)).length })
    )
      return;
    if (Date.now() - start > 30_000) throw new Error(`${what}: ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every attempt the server received about the operation is finished: it applied all it ever will. */
export const serverIdle = (a: ServerAttempts): boolean => a.received > 0 && a.ended === a.received;
