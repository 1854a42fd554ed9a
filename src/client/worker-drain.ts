/**
 * One sender round with no tab and no React: for the service worker's Background Sync
 * (`event.waitUntil(drainFromWorker({ indexedDB: self.indexedDB }))`). The same sender code as the
 * tabs, under the same Web Lock, telling open tabs (if any) to look again after each commit.
 */
import { drainOnce, type RoundReport } from './sender';
import { openIdbStore } from './store/idb-store';
import { recordingStore } from './store/recording-store';
import { wiring, type WiringOptions } from './wiring';

export interface WorkerDrainOptions extends WiringOptions {
  indexedDB: IDBFactory;
}

export async function drainFromWorker(options: WorkerDrainOptions): Promise<RoundReport> {
  const wired = wiring(options);
  const channel = wired.channel(() => undefined);
  const store = recordingStore(
    await openIdbStore({ indexedDB: options.indexedDB, name: wired.dbName }),
    () => channel.post(),
  );
  try {
    return await drainOnce(
      {
        store,
        http: wired.http(),
        random: wired.random,
        policy: wired.policy,
        lock: wired.lock,
        // Background Sync fires when the browser believes it is online.
        isOnline: () => true,
        // Step by step is paced by the watching tab; this worker has no pace to keep. A tab in
        // front of a person sends for itself: its sender lets the person's changes go first.
        standAside: async () =>
          (await wired.watch.anyWatching()) || (await wired.looking.anyWatching()),
      },
      { newRound: true },
    );
  } finally {
    channel.close();
    store.close();
  }
}
