/**
 * Operating the server: diagnostics (managers), Prometheus metrics, and the API reference
 * generated from the zod schemas.
 */
import type { FastifyPluginAsync } from 'fastify';
import { collectDiagnostics } from '../observability/diagnostics';
import { renderDocsPage } from '../api-docs/docs-page';
import type { OpenApiDocument } from '../api-docs/openapi';
import type { AppDeps, CountingAdmission, HttpMetrics } from './deps';
import { metricsPlacement, metricsRoute } from './metrics-endpoint';
import { refuse } from './problem';

export const operatingRoutes =
  (
    deps: AppDeps,
    admission: CountingAdmission,
    metrics: HttpMetrics,
    /** The document the app checks its routes against (app.ts), served as it is. */
    openapi: OpenApiDocument,
  ): FastifyPluginAsync =>
  async (app) => {
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

    // With METRICS_PORT the metrics live on their own loopback port (start.ts), not here; in
    // production without a token they are not served at all. Either way a 404 problem, not the
    // app shell (the SPA fallback would answer it).
    const placement = metricsPlacement(deps.config);
    if (placement === 'app') {
      await app.register(metricsRoute(metrics, deps.config.metricsToken));
    } else {
      const detail =
        placement === 'own-port'
          ? 'metrics are served on their own port (METRICS_PORT)'
          : 'metrics are off: in production they need METRICS_TOKEN or METRICS_PORT';
      app.get('/metrics', async () => {
        throw refuse('not-found', detail);
      });
    }
    app.get('/api/openapi.json', async () => openapi);
    app.get('/api/docs', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(docs),
    );
  };
