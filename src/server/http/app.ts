/**
 * The HTTP adapter: Fastify with every failure mapped to problem+json (also those of the HTTP layer
 * itself), `X-Request-Id` on every response (the attempt id), and the routes registered per area.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { User } from '../../protocol/schemas';
import type { Sessions } from '../auth';
import type { Clock, TesterClock } from '../clock';
import type { Config } from '../config';
import type { OperationAnswer, OperationDeps } from '../operations';
import type { FaultBook } from '../sim/faults';
import type { Timeline } from '../sim/timeline';
import type { Store } from '../store/store';
import {
  problemBody,
  ProblemError,
  PROBLEM_TYPE,
  problemStatus,
  refuse,
  type ProblemValue,
} from './problem';
import { csvRoutes } from './routes-csv';
import { securityHeaders } from './security';
import { answerEverything, capConnections, clientErrorHandler, serverOptions } from './transport';
import { itemRoutes } from './routes-items';
import { leaseRoutes } from './routes-leases';
import { operationRoutes } from './routes-operations';
import { sessionRoutes } from './routes-session';
import { simRoutes } from './routes-sim';
import { staticRoutes } from './static';
import { opsRoutes } from './routes-ops';
import type { CountingAdmission } from '../ops/admission';
import type { Work } from '../core/admission';
import type { ServerMetrics } from '../ops/server-metrics';

export interface Sim {
  clock: TesterClock;
  faults: FaultBook;
  timeline: Timeline;
}

/** Load shedding: an operation starts only if it can start within its safe window. */
export interface Admission {
  enter(
    work: Work,
  ): Promise<{ admitted: true; release(): void } | { admitted: false; retryAfterSeconds: number }>;
}

/** Sign-in brute-force protection: an attempt is counted (reserved) before its password is checked. */
export interface SignInLimiter {
  reserve(
    userName: string,
    ip: string,
  ): { allowed: true; succeeded(): void } | { allowed: false; retryAfterSeconds: number };
}

export interface OperationMetrics {
  answered(answers: readonly OperationAnswer[], durationMs: number): void;
}

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  sessions: Sessions;
  /** Shared by the operation routes; `onEvent` is bound per attempt. */
  operations: Omit<OperationDeps, 'onEvent'>;
  sim: Sim | null;
  admission: CountingAdmission;
  signInLimiter: SignInLimiter;
  metrics: ServerMetrics;
  runCleanup(): Promise<{ compacted: number; removed: number }>;
  logLevel: string;
}

export const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

declare module 'fastify' {
  interface FastifyRequest {
    /** Authentication for a route: the signed-in user, or a 401 problem. */
    user(): Promise<User>;
  }
}

export function sendProblem(reply: FastifyReply, problem: ProblemValue): FastifyReply {
  if (problem.headers) void reply.headers(problem.headers);
  return reply
    .code(problemStatus(problem.code))
    .type(PROBLEM_TYPE)
    .send(JSON.stringify(problemBody(problem)));
}

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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel },
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
  capConnections(app.server, deps.config.maxConnections);
  answerEverything(app.server);
  // First, so its headers are on every answer, refusals by later hooks included.
  await securityHeaders(app);

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

  app.addHook('onRequest', async (request) => {
    // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal would be a bare 400.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw refuse('invalid-request', 'an HTTP/1.1 request needs a Host header');
    }
    // Counted from the raw header list: Fastify's injected requests have no `headersDistinct`.
    const hosts = request.raw.rawHeaders.filter(
      (v, i) => i % 2 === 0 && v.toLowerCase() === 'host',
    );
    if (hosts.length > 1) {
      throw refuse('invalid-request', 'a request may carry only one Host header');
    }
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') {
      throw refuse('unsupported-media-type', `Content-Encoding "${encoding}" is not supported`);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    deps.metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime);
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
    if (mapped) return sendProblem(reply, mapped);
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, {
      code: 'internal-error',
      detail: `something went wrong on the server; quote attempt id ${request.id}`,
    });
  });

  app.get('/api/health', async () => ({ ok: true }));
  await app.register(sessionRoutes(deps));
  await app.register(leaseRoutes(deps));
  await app.register(operationRoutes(deps));
  await app.register(itemRoutes(deps));
  await app.register(csvRoutes(deps));
  await app.register(opsRoutes(deps, deps.admission, deps.metrics));
  if (deps.sim) await app.register(simRoutes(deps, deps.sim));
  await staticRoutes(app, deps.config.staticDir);
  return app;
}
