/**
 * The service worker's side of the barcode reader (reader-files.ts says why it is not precached):
 * fetches it into its own cache when a signed-in page asks, serves it from there first, and keeps
 * that cache to this version's files.
 */
import { READER_CACHE, WARM_READER } from './reader-files';

/** `files`: the reader's URLs as the precache manifest lists them (relative to the worker). */
export function serveReader(scope: ServiceWorkerGlobalScope, files: readonly string[]): void {
  const urls = new Set(files.map((f) => new URL(f, scope.location.href).href));
  // The addresses are content-hashed: the URL alone says which file it is.
  const match = { ignoreSearch: false, ignoreVary: true };

  async function warm(): Promise<void> {
    const cache = await scope.caches.open(READER_CACHE);
    for (const url of urls) {
      if (!(await cache.match(url, match))) await cache.add(url);
    }
  }

  async function prune(): Promise<void> {
    if (!(await scope.caches.has(READER_CACHE))) return;
    const cache = await scope.caches.open(READER_CACHE);
    for (const request of await cache.keys()) {
      if (!urls.has(request.url)) await cache.delete(request);
    }
  }

  async function cacheFirst(event: FetchEvent): Promise<Response> {
    const cache = await scope.caches.open(READER_CACHE);
    const hit = await cache.match(event.request.url, match);
    if (hit) return hit;
    // Opened before the warm-up finished: this fetch fills the cache just the same.
    const response = await scope.fetch(event.request);
    if (response.ok) event.waitUntil(cache.put(event.request.url, response.clone()));
    return response;
  }

  scope.addEventListener('fetch', (event) => {
    if (event.request.method === 'GET' && urls.has(event.request.url)) {
      event.respondWith(cacheFirst(event));
    }
  });

  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== WARM_READER) return;
    // Offline now: the page asks again when it is back online or next opened.
    event.waitUntil(warm().catch(() => undefined));
  });

  // A device where someone has signed in (the cache exists) gets a new version's reader with the
  // rest of the update, so scanning keeps working offline across updates.
  scope.addEventListener('install', (event) => {
    event.waitUntil(
      scope.caches
        .has(READER_CACHE)
        .then((had) => (had ? warm().catch(() => undefined) : undefined)),
    );
  });

  // The previous version's reader files go once this version is in charge.
  scope.addEventListener('activate', (event) => event.waitUntil(prune()));
}
