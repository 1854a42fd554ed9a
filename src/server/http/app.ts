/**
 * The HTTP adapter: Fastify with every failure mapped to problem+json (also those of the HTTP layer
 * itself), `X-Request-Id` on every response (the attempt id), and the routes registered per area.
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '../api-docs/openapi';
import { requireDocumentedRoutes } from '../api-docs/route-coverage';
import type { ProblemValue } from '../core/problem-value';
import type { AppDeps } from './deps';
import { ProblemError, refuse } from './problem';
import { csvRoutes } from './routes-csv';
import { securityHeaders } from './security';
import { answerEverything, capConnections, clientErrorHandler, serverOptions } from './transport';
import { trustedProxies } from './trusted-proxies';
import { itemRoutes } from './routes-items';
import { leaseRoutes } from './routes-leases';
import { operationRoutes } from './routes-operations';
import { sessionRoutes } from './routes-session';
import { stocktakeRoutes } from './routes-stocktakes';
import { userRoutes } from './routes-users';
import { simRoutes } from './routes-sim';
import { staticRoutes } from './static';
import { operatingRoutes } from './routes-operating';
import { probeRoutes } from './routes-probes';
import { refuseWhileStopping } from './stopping';
import { sendProblem } from './send-problem';

export const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Errors raised by Fastify itself (parsing, limits) as the contract's problems. */
function fromFrameworkError(error: FastifyError): ProblemValue | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload-too-large', detail: 'the request body is larger than 1 MiB' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported-media-type', detail: 'send the body as application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalid-request', detail: 'the JSON body is empty' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'invalid-request', detail: 'the body is not valid JSON' };
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { code: 'payload-too-large', detail: 'the request body is too large' };
  if (status === 415)
    return { code: 'unsupported-media-type', detail: 'send the body as application/json' };
  if (status === 431)
    return { code: 'headers-too-large', detail: 'the request headers are too large' };
  if (status === 404) return { code: 'not-found', detail: 'no such resource' };
  if (status >= 400 && status < 500) {
    return {
      code: 'invalid-request',
      detail: 'the request could not be read (malformed body or encoding)',
    };
  }
  return null;
}

/** How many `Host` headers a raw header list (name, value, name, value, …) holds. */
function hostHeaders(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') n++;
  return n;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Fastify's own logger type, so plugins and routes see the usual FastifyInstance.
  const loggerInstance: FastifyBaseLogger = deps.log;
  const app = Fastify({
    loggerInstance,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    clientErrorHandler,
    ...serverOptions(deps.config),
    // Errors Fastify raises before routing (a URL that does not decode) are problems too.
    frameworkErrors: (error, request, reply) => {
      void reply.header('X-Request-Id', request.id);
      void sendProblem(reply, {
        code: 'invalid-request',
        detail: `the request URL is not valid (${error.code})`,
      });
    },
    return503OnClosing: false,
    // request.ip is the client behind these proxies (X-Forwarded-For); the sign-in limits key on it.
    ...(deps.config.trustProxy ? { trustProxy: deps.config.trustProxy } : {}),
  });
  capConnections(app.server, {
    max: deps.config.maxConnections,
    addresses: deps.connectionsByAddress,
    isProxy: trustedProxies(deps.config.trustProxy),
  });
  answerEverything(app.server);
  // First, so its headers are on every answer, refusals by later hooks included.
  await securityHeaders(app);
  // Next: a request that arrives once a stop has begun is refused before anything else runs.
  refuseWhileStopping(app, deps.lifecycle);

  // Only JSON in UTF-8 is accepted: anything else is refused before authentication.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /charset=([^;\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset && !/^"?utf-?8"?$/i.test(charset)) {
      return done(refuse('unsupported-media-type', 'send the body as UTF-8 JSON'), undefined);
    }
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(refuse('invalid-request', 'the body is not valid UTF-8'), undefined);
    }
    if (text.trim() === '')
      return done(refuse('invalid-request', 'the JSON body is empty'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(refuse('invalid-request', 'the body is not valid JSON'), undefined);
    }
  });

  // The hooks below run for every request: callback style (no promise per hook per request).
  app.addHook('onRequest', (request, _reply, done) => {
    // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal would be a bare 400.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return done(refuse('invalid-request', 'an HTTP/1.1 request needs a Host header'));
    }
    // Counted from the raw header list: Fastify's injected requests have no `headersDistinct`.
    if (hostHeaders(request.raw.rawHeaders) > 1) {
      return done(refuse('invalid-request', 'a request may carry only one Host header'));
    }
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') {
      return done(
        refuse('unsupported-media-type', `Content-Encoding "${encoding}" is not supported`),
      );
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    deps.metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime);
    done();
  });

  app.decorateRequest('user', async function (this: { headers: Record<string, unknown> }) {
    const authorization = this.headers['authorization'];
    const user = await deps.sessions.authenticate(
      typeof authorization === 'string' ? authorization : undefined,
    );
    if (!user) throw refuse('unauthorized', 'sign in and send Authorization: Bearer <token>');
    return user;
  });

  app.setErrorHandler((error: FastifyError | ProblemError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error.problem);
    const mapped = fromFrameworkError(error);
    // Fastify closes the connection after a body over the limit while the sender may still be
    // uploading it: a reverse proxy then meets a reset instead of this answer (Caddy turned about
    // one in eight into a 502). Kept open, Node reads the rest of the body and drops it (within
    // REQUEST_TIMEOUT), and the sender, a proxy too, gets the 413 problem.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection');
    if (mapped) return sendProblem(reply, mapped);
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, {
      code: 'internal-error',
      detail: `something went wrong on the server; quote attempt id ${request.id}`,
    });
  });

  // Every route below (and each a plugin adds) must be in the OpenAPI document: a start outside
  // production stops at an undocumented one (api-docs/route-coverage.ts).
  const openapi = buildOpenApiDocument();
  requireDocumentedRoutes(app, openapi, !deps.config.production);
  app.get('/api/health', async () => ({ ok: true }));
  await app.register(probeRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(leaseRoutes(deps));
  await app.register(operationRoutes(deps));
  await app.register(itemRoutes(deps));
  await app.register(stocktakeRoutes(deps));
  await app.register(csvRoutes(deps));
  await app.register(operatingRoutes(deps, deps.admission, deps.metrics, openapi));
  if (deps.sim) await app.register(simRoutes(deps, deps.sim));
  await staticRoutes(app, deps.config.staticDir);
  return app;
}
