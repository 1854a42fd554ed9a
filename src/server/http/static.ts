/**
 * The built PWA (`dist/`) from the API's origin, with an SPA fallback to index.html. Anything under
 * /api that no route took is a 404 problem. The shell and the service worker are never cached by
 * HTTP, so an update reaches the service worker's own precache logic.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sendProblem } from './app';

const NO_CACHE = /(^|\/)(index\.html|sw\.js|manifest\.webmanifest)$/;

export async function staticRoutes(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  const hasApp = existsSync(resolve(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      setHeaders: (res, path) => {
        if (NO_CACHE.test(path)) res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasApp && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      void reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendProblem(reply, {
      code: 'not-found',
      detail: `no route for ${request.method} ${path}`,
    });
  });
}
