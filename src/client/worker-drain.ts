/**
 * One sender round with no tab and no React: for the service worker's Background Sync
 * (`event.waitUntil(drainFromWorker({ indexedDB: self.indexedDB }))`). The same sender code as the
 * tabs, under the same Web Lock, telling open tabs (if any) to look again after each commit.
 */
import { systemClock, type Clock } from './core/clock';
import { DEFAULT_SENDER_POLICY, drainOnce, type RoundReport, type SenderPolicy } from './sender';
import { openIdbStore } from './store/idb-store';
import { recordingStore } from './store/recording-store';
import {
  changeChannel,
  defaultLock,
  defaultWatch,
  type BroadcastLike,
  type SenderLock,
  type WatchSignal,
} from './tabs';

export interface WorkerDrainOptions {
  indexedDB: IDBFactory;
  fetch?: typeof fetch;
  /** '' (default): the worker's own origin. */
  baseUrl?: string;
  dbName?: string;
  clock?: Clock;
  random?: () => number;
  lock?: SenderLock;
  /** Whether a tab watches step by step (default: the origin's Web Lock for it). */
  watch?: WatchSignal;
  broadcast?: ((name: string) => BroadcastLike) | null;
  policy?: Partial<SenderPolicy>;
  attemptTimeoutMs?: number;
}

export async function drainFromWorker(options: WorkerDrainOptions): Promise<RoundReport> {
  const name = options.dbName ?? 'stockroom';
  const channel = changeChannel(`${name}:changes`, () => undefined, options.broadcast);
  const store = recordingStore(await openIdbStore({ indexedDB: options.indexedDB, name }), () =>
    channel.post(),
  );
  const clock = options.clock ?? systemClock;
  const watch = options.watch ?? defaultWatch(`${name}:watching`);
  try {
    return await drainOnce(
      {
        store,
        http: {
          baseUrl: options.baseUrl ?? '',
          fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
          clock,
          timeoutMs: options.attemptTimeoutMs ?? 10_000,
        },
        random: options.random ?? Math.random,
        policy: { ...DEFAULT_SENDER_POLICY, ...options.policy },
        lock: options.lock ?? defaultLock(`${name}:sender`),
        // Background Sync fires when the browser believes it is online.
        isOnline: () => true,
        // Step by step is paced by the watching tab; this worker has no pace to keep.
        standAside: () => watch.anyWatching(),
      },
      { newRound: true },
    );
  } finally {
    channel.close();
    store.close();
  }
}
