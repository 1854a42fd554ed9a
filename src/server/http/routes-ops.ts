/**
 * Operating the server: diagnostics (managers), Prometheus metrics, and the API reference
 * generated from the zod schemas.
 */
import type { FastifyPluginAsync } from 'fastify';
import { collectDiagnostics } from '../ops/diagnostics';
import { renderDocsPage } from '../ops/docs-page';
import { buildOpenApiDocument } from '../ops/openapi';
import type { CountingAdmission } from '../ops/admission';
import type { ServerMetrics } from '../ops/server-metrics';
import type { AppDeps } from './app';
import { metricsRoute } from './metrics-endpoint';
import { refuse } from './problem';

export const opsRoutes =
  (deps: AppDeps, admission: CountingAdmission, metrics: ServerMetrics): FastifyPluginAsync =>
  async (app) => {
    const openapi = buildOpenApiDocument();
    const docs = renderDocsPage(openapi);

    app.get('/api/diagnostics', async (request) => {
      const user = await request.user();
      if (user.role !== 'manager') throw refuse('forbidden', 'diagnostics are for managers');
      return collectDiagnostics({
        clock: deps.clock,
        store: deps.store,
        admission,
        retention: deps.config,
      });
    });

    // With METRICS_PORT the metrics live on their own loopback port (start.ts), not here.
    if (deps.config.metricsPort === null) {
      await app.register(metricsRoute(metrics, deps.config.metricsToken));
    } else {
      // Not the app shell either (the SPA fallback would answer it).
      app.get('/metrics', async () => {
        throw refuse('not-found', 'metrics are served on their own port (METRICS_PORT)');
      });
    }
    app.get('/api/openapi.json', async () => openapi);
    app.get('/api/docs', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(docs),
    );
  };
