/** The tiny hash router: the current route as an external store over `hashchange`. */
import { useSyncExternalStore } from 'react';
import { parseHash, type Route } from './routes';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const getHash = (): string => window.location.hash;

let cached: { hash: string; route: Route } | null = null;

/** One Route object per hash, so React sees a stable value between changes. */
function routeOf(hash: string): Route {
  if (cached?.hash !== hash) cached = { hash, route: parseHash(hash) };
  return cached.route;
}

export function useRoute(): Route {
  return routeOf(useSyncExternalStore(subscribe, getHash));
}

export function navigate(to: string): void {
  window.location.hash = to;
}
