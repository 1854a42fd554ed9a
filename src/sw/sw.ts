/**
 * Stockroom's service worker: the precached sign-in screen and app shell (works offline after the
 * first visit), the screens behind sign-in and the barcode reader fetched once someone has signed
 * in (after-sign-in.ts), the message catalogues other than English once they are in use
 * (language-files.ts), the update hand-over for the "new version ready" prompt, and Background
 * Sync draining the outbox.
 * API requests are never cached here: data lives in IndexedDB, owned by the client core.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { drainFromWorker } from '../client';
import { syncOutbox } from './background-drain';
import { SCREENS_CACHE, splitManifest, WARM_SCREENS, type ManifestEntry } from './after-sign-in';
import { LANGUAGES_CACHE, WARM_LANGUAGES } from './language-files';
import { READER_CACHE, WARM_READER } from './reader-files';
import { OUTBOX_SYNC_TAG, SKIP_WAITING } from './sync-tag';
import { shellFallback } from './shell-fallback';
import { serveWarmCache } from './warm-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | ManifestEntry)[];
};

const { install, screens, reader, languages } = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(install, {
  // Any same-origin page address (a bookmark, a reload on a deep link) opens the app shell.
  urlManipulation: ({ url }) => shellFallback(url, self.location.origin),
});
cleanupOutdatedCaches();
serveWarmCache(self, { cache: SCREENS_CACHE, message: WARM_SCREENS, files: screens });
serveWarmCache(self, { cache: READER_CACHE, message: WARM_READER, files: reader });
serveWarmCache(self, { cache: LANGUAGES_CACHE, message: WARM_LANGUAGES, files: languages });

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The first install controls open pages at once, so the very first visit can already reload offline.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Background Sync is not in TypeScript's worker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// While no tab is open, the browser wakes the worker when connectivity returns.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) {
    sync.waitUntil(syncOutbox(() => drainFromWorker({ indexedDB: self.indexedDB })));
  }
});
