/**
 * Which precached URL answers a request that is not itself precached: page addresses get the app
 * shell (as the server's SPA fallback does); the API, the probes and files with an extension get
 * nothing.
 */
/** The server's own answers outside /api (the app asks /readyz for the database's epoch). */
const SERVER_PATHS: ReadonlySet<string> = new Set(['/readyz', '/livez', '/metrics']);

export function shellFallback(url: URL, origin: string): URL[] {
  if (url.origin !== origin) return [];
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return [];
  if (SERVER_PATHS.has(url.pathname)) return [];
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return [];
  return [new URL('/index.html', origin)];
}
