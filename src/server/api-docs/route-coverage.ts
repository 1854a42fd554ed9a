/**
 * Every route the server registers is in its OpenAPI document: a route added without its entry
 * would be an answer no integrator can find. Fastify's `onRoute` hook sees each registration; the
 * check is pure (`undocumented`), the hook a thin adapter that stops a development or test start
 * and only logs in production (a shop's server keeps serving over a documentation gap).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

import type { OpenApiDocument as Json } from './openapi';

/**
 * Routes that are not part of the HTTP contract: the PWA's own files (@fastify/static's wildcard,
 * src/server/http/static.ts), served beside the API for the browser.
 */
const APP_SHELL = new Set(['/*']);

/** Fastify's `/api/items/:id/history` as OpenAPI's `/api/items/{id}/history`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/**
 * The routes among `methods` at `url` that `document` lacks, as "METHOD /path". HEAD is Fastify's
 * own twin of a GET route (`exposeHeadRoutes`): documented where its GET is.
 */
export function undocumented(document: Json, methods: readonly string[], url: string): string[] {
  if (APP_SHELL.has(url)) return [];
  const path = openApiPath(url);
  const item = (document['paths'] as Record<string, Json | undefined> | undefined)?.[path] ?? {};
  return methods
    .map((m) => m.toLowerCase())
    .filter((m) => !(m in item) && !(m === 'head' && 'get' in item))
    .map((m) => `${m.toUpperCase()} ${path}`);
}

/** The error a development or test start stops with. */
export class UndocumentedRoute extends Error {
  constructor(readonly routes: readonly string[]) {
    super(
      `${routes.join(', ')} ${routes.length === 1 ? 'is' : 'are'} registered but not in the ` +
        'OpenAPI document: describe it in src/server/api-docs/openapi-paths.ts',
    );
  }
}

/**
 * Checks each route registered on `app` from now on (register it before the routes). `strict`:
 * throw at registration, which fails the start; otherwise log the gap as an error.
 */
export function requireDocumentedRoutes(
  app: FastifyInstance,
  document: Json,
  strict: boolean,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const missing = undocumented(document, methods, route.url);
    if (missing.length === 0) return;
    if (strict) throw new UndocumentedRoute(missing);
    app.log.error({ routes: missing }, 'route not in the OpenAPI document');
  });
}
