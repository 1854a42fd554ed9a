/**
 * `GET /metrics` (Prometheus text): on the app's port, or, with METRICS_PORT, on a port of its own
 * bound to loopback only (so a scraper on the machine reaches it and the internet does not).
 * With METRICS_TOKEN set, a scrape needs `Authorization: Bearer <METRICS_TOKEN>`.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sendProblem } from './send-problem';
import type { HttpMetrics } from './deps';
import { ProblemError, refuse } from './problem';

/**
 * Where `/metrics` is served: on its own loopback port (METRICS_PORT), on the app's port, or, in
 * production without METRICS_TOKEN or METRICS_PORT, nowhere (a 404, and a warning at start): the
 * app's port faces the shop's network or the internet, and the metrics tell anyone how busy the
 * shop is and how the server is doing.
 */
export function metricsPlacement(config: {
  production: boolean;
  metricsToken: string | null;
  metricsPort: number | null;
}): 'own-port' | 'app' | 'off' {
  if (config.metricsPort !== null) return 'own-port';
  return config.production && config.metricsToken === null ? 'off' : 'app';
}

export const METRICS_OFF_WARNING =
  '/metrics is off: in production set METRICS_TOKEN (scrapes send it as a bearer token) or ' +
  'METRICS_PORT (a loopback port of its own)';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: the comparison takes as long whatever the guess. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

export const metricsRoute =
  (metrics: HttpMetrics, token: string | null): FastifyPluginAsync =>
  async (app) => {
    app.get('/metrics', async (request, reply) => {
      if (token !== null && !bearerMatches(request.headers.authorization, token)) {
        throw refuse('unauthorized', 'send Authorization: Bearer <METRICS_TOKEN>', {
          headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        });
      }
      return reply
        .header('Cache-Control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.render());
    });
  };

/** The separate metrics server (METRICS_PORT): `/metrics` only, every error problem+json. */
export async function startMetricsServer(
  metrics: HttpMetrics,
  token: string | null,
  port: number,
): Promise<{ url: string; server: FastifyInstance }> {
  const server = Fastify({ logger: false });
  server.addHook('onSend', async (_request, reply) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
  });
  server.setErrorHandler((error, _request, reply) =>
    sendProblem(
      reply,
      error instanceof ProblemError
        ? error.problem
        : { code: 'internal-error', detail: 'the metrics could not be read' },
    ),
  );
  server.setNotFoundHandler((request, reply) =>
    sendProblem(reply, { code: 'not-found', detail: `only GET /metrics here, not ${request.url}` }),
  );
  await server.register(metricsRoute(metrics, token));
  await server.listen({ port, host: '127.0.0.1' });
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { url: `http://127.0.0.1:${actual}`, server };
}
