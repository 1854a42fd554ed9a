/**
 * Cache Storage entries holding server data, removed with "Sign out and remove data from this
 * device". Today's service worker caches only the app shell (src/sw/sw.ts) and API requests are
 * sent with `cache: 'no-store'`, so normally nothing is found; this makes sure that whatever a
 * cache (an older worker, a future route) may hold of `/api/` answers goes with the person's data.
 */

/** What is used of `CacheStorage` (tests pass their own). */
export interface CacheStorageLike {
  keys(): Promise<string[]>;
  open(name: string): Promise<{
    keys(): Promise<readonly Request[]>;
    delete(request: Request): Promise<boolean>;
  }>;
}

export function isApiUrl(url: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/** Removes every cached `/api/` answer; returns how many went. */
export async function forgetCachedApiData(caches: CacheStorageLike | null): Promise<number> {
  if (!caches) return 0;
  let removed = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (isApiUrl(request.url) && (await cache.delete(request))) removed++;
    }
  }
  return removed;
}

/** The page's or worker's Cache Storage, where there is one (not in Node, not in insecure pages). */
export function defaultCaches(): CacheStorageLike | null {
  return (globalThis as { caches?: CacheStorageLike }).caches ?? null;
}
