/**
 * A clean stop (docs/operations.md#stopping): from the signal on, `/readyz` says not ready, no new
 * connection is accepted, every request already being processed gets its answer, and a request
 * that arrives afterwards on a kept-alive connection gets `503 overloaded` with
 * `Connection: close` and is not processed at all (it never reaches a route).
 *
 *   signal ─► stopping = true ─► listening socket closed (idle connections closed by Node)
 *              │                   │
 *              │ gate: new request │ requests in flight ─► answered ─► none left, or the drain
 *              ▼ 503 + close       ▼                                    time is up: every
 *                                                                       connection closed
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { sendProblem } from './send-problem';

/** The probes (./routes-probes.ts) pass the gate: they report the stop rather than refuse. */
const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz']);

export interface Lifecycle {
  readonly stopping: boolean;
  beginStop(): void;
}

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    beginStop() {
      stopping = true;
    },
  };
}

/** The gate: registered first, so nothing else (authentication, the store) runs for a refusal. */
export function refuseWhileStopping(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!lifecycle.stopping || PROBE_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    void reply.header('Connection', 'close');
    void sendProblem(reply, {
      code: 'overloaded',
      detail: 'the server is stopping; nothing was processed. Send it again shortly.',
      headers: { 'Retry-After': '1' },
    });
  });
}

/** Requests the HTTP server is processing now (counted from arrival to the end of the answer). */
export function trackInFlight(server: Server): { idle(): Promise<void> } {
  let open = 0;
  let waiting: (() => void)[] = [];
  server.on('request', (_request, response) => {
    open += 1;
    response.once('close', () => {
      open -= 1;
      if (open === 0) {
        for (const done of waiting) done();
        waiting = [];
      }
    });
  });
  return {
    idle: () => (open === 0 ? Promise.resolve() : new Promise((done) => waiting.push(done))),
  };
}
