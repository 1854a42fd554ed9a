/**
 * The built PWA (`dist/`) from the API's origin, with an SPA fallback to index.html. Anything under
 * /api that no route took is a 404 problem.
 *
 * Caching (docs/api.md#http-hygiene): the shell, the service worker and the manifest are never cached
 * by HTTP (`no-cache`: revalidated every time), so an update reaches the service worker's own
 * precache logic; build assets named by their content hash never change, so they are `immutable`
 * for a year; anything else (icons, favicon) is revalidated. Every compressible file has `.br` and
 * `.gz` siblings made at build time (scripts/precompress.ts), sent as they are when the request's
 * Accept-Encoding allows, hence `Vary: Accept-Encoding` on every file.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { sendProblem } from './send-problem';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Vite's output: `assets/<name>-<8-character content hash>.<ext>`. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
/** The pre-compressed sibling's suffix: the headers are those of the file it stands for. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

/** Scripts, stylesheets and WebAssembly: never rendered as a document (an SVG could be). */
const SUBRESOURCE = /\.(js|css|wasm)$/;

/** A hashed build asset that is only ever a subresource, by its URL path (`/assets/…`). */
export function isHashedSubresource(urlPath: string): boolean {
  const path = urlPath.replace(/^\//, '');
  return HASHED_ASSET.test(path) && SUBRESOURCE.test(path);
}

/** Cache-Control for a file of the build, by its path relative to the build's root. */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.split(sep).join('/').replace(ENCODED_SUFFIX, '');
  return HASHED_ASSET.test(path) ? IMMUTABLE : NO_CACHE;
}

export async function staticRoutes(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  const hasApp = existsSync(resolve(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      // Ours alone (setHeaders): `send`'s default would be `public, max-age=0` for everything.
      cacheControl: false,
      // @fastify/static 10 hands over the reply (9 gave the raw response).
      setHeaders: (reply, path) => {
        void reply.header('Cache-Control', cacheControlFor(relative(root, path)));
        void reply.header('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasApp && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      void reply.header('Cache-Control', NO_CACHE);
      return reply.sendFile('index.html');
    }
    return sendProblem(reply, {
      code: 'not-found',
      detail: `no route for ${request.method} ${path}`,
    });
  });
}
