/**
 * Which precached URL answers a request that is not itself precached: page addresses get the app
 * shell (as the server's SPA fallback does); the API and files with an extension get nothing.
 */
export function shellFallback(url: URL, origin: string): URL[] {
  if (url.origin !== origin) return [];
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return [];
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return [];
  return [new URL('/index.html', origin)];
}
