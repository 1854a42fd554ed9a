/**
 * The service worker's side of the files fetched after sign-in (after-sign-in.ts says why they are
 * not precached at install): one group (the screens, or the barcode reader) is fetched into its own
 * cache when a signed-in page asks with the group's message, served from there first, and that
 * cache is kept to this version's files.
 */

export interface WarmGroup {
  /** Cache Storage name of the group. */
  cache: string;
  /** The `type` of the page's message that asks for the group. */
  message: string;
  /** The group's URLs as the precache manifest lists them (relative to the worker). */
  files: readonly string[];
}

export function serveWarmCache(scope: ServiceWorkerGlobalScope, group: WarmGroup): void {
  const { cache: cacheName, message, files } = group;
  const urls = new Set(files.map((f) => new URL(f, scope.location.href).href));
  // The addresses are content-hashed: the URL alone says which file it is.
  const match = { ignoreSearch: false, ignoreVary: true };

  async function warm(): Promise<void> {
    const cache = await scope.caches.open(cacheName);
    for (const url of urls) {
      if (!(await cache.match(url, match))) await cache.add(url);
    }
  }

  async function prune(): Promise<void> {
    if (!(await scope.caches.has(cacheName))) return;
    const cache = await scope.caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (!urls.has(request.url)) await cache.delete(request);
    }
  }

  async function cacheFirst(event: FetchEvent): Promise<Response> {
    const cache = await scope.caches.open(cacheName);
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
    if ((event.data as { type?: unknown } | null)?.type !== message) return;
    // Offline now: the page asks again when it is back online or next opened.
    event.waitUntil(warm().catch(() => undefined));
  });

  // A device where someone has signed in (the cache exists) gets a new version's files with the
  // rest of the update, so they keep working offline across updates.
  scope.addEventListener('install', (event) => {
    event.waitUntil(
      scope.caches.has(cacheName).then((had) => (had ? warm().catch(() => undefined) : undefined)),
    );
  });

  // The previous version's files go once this version is in charge.
  scope.addEventListener('activate', (event) => event.waitUntil(prune()));
}
