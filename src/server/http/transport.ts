/**
 * The connection layer below Fastify (docs/api.md#http-hygiene): slow clients cannot hold the
 * server, connections are capped, and every answer the server writes here is problem+json too.
 *
 * - Headers and body must arrive within `requestTimeout` (Node's headers and request timeouts,
 *   checked often enough that the limit is what it says), else `408 request-timeout`.
 * - Idle keep-alive connections close after `keepAliveTimeout`.
 * - Past `maxConnections` open connections, or `maxConnectionsPerAddress` from one client address,
 *   a new one gets `503 overloaded` and is closed before any HTTP parsing, so nothing it sends is
 *   ever processed.
 * - A request without `Host` (HTTP/1.1 requires one) is refused by the app as a problem, not by
 *   Node's bare 400; so are `CONNECT` and an unknown `Expect` (./answerEverything).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ProblemCode } from '../../protocol/schemas';
import { addressKey } from '../core/client-address';
import type { AddressCounter } from '../limits/address-tally';
import type { ProblemValue } from '../core/problem-value';
import { problemBody, problemStatus, PROBLEM_TYPE } from './problem';

export interface TransportLimits {
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

const REASONS: Partial<Record<ProblemCode, string>> = {
  'invalid-request': 'Bad Request',
  'request-timeout': 'Request Timeout',
  'headers-too-large': 'Request Header Fields Too Large',
  overloaded: 'Service Unavailable',
  'not-ready': 'Service Unavailable',
};

/** How long an ended connection may linger for its peer to read the answer before it is cut. */
const LINGER_MS = 5_000;

/** One complete HTTP/1.1 answer (problem+json) written straight to the socket, then closed. */
export function endWithProblem(socket: Socket, problem: ProblemValue): void {
  const body = JSON.stringify(problemBody(problem));
  const status = problemStatus(problem.code);
  const extra = Object.entries(problem.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[problem.code] ?? 'Error'}\r\nContent-Type: ${PROBLEM_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\n${extra}` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  // A peer that never closes its side must not keep the socket: it has had its answer.
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Errors of Node's HTTP layer (before Fastify sees a request): parse errors, limits, timeouts. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // An answer already started on this connection must not be followed by a second one: as
  // Node's own handler does, just close.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  endWithProblem(socket, clientProblem(error.code));
}

function clientProblem(code: string | undefined): ProblemValue {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { code: 'headers-too-large', detail: 'the request headers are too large' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      code: 'request-timeout',
      detail: 'the request headers or body did not arrive in time; nothing was processed',
    };
  }
  return { code: 'invalid-request', detail: 'the request could not be parsed as HTTP' };
}

/** Options for `http.createServer` (through Fastify's `http` option) and Fastify's own timeouts. */
export function serverOptions(limits: TransportLimits) {
  return {
    // Node checks expired requests only every `connectionsCheckingInterval` (30 s by default),
    // which would let a request live up to twice its limit.
    http: {
      requireHostHeader: false,
      headersTimeout: limits.requestTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, limits.requestTimeoutMs / 4)),
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  };
}

/**
 * Requests Node would answer (or drop) itself, without the app: an `Expect` other than
 * `100-continue` (Node: a bare 417) goes to the app, which ignores the expectation as RFC 9110
 * allows; `CONNECT` (Node: the connection dropped without a word) is refused as a problem.
 */
export function answerEverything(server: Server): void {
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));
  server.on('connect', (_request, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    endWithProblem(socket, {
      code: 'invalid-request',
      detail: 'CONNECT is not supported: this server is not a proxy',
    });
  });
}

/** The connection caps: overall, and per client address (./trusted-proxies.ts: not for a proxy). */
export interface ConnectionCaps {
  max: number;
  /** Open connections by client address, under MAX_CONNECTIONS_PER_ADDRESS: this process's own
   * count, or with WORKERS=n the whole server's (../limits/address-tally.ts). */
  addresses: AddressCounter;
  /** A socket address that carries other people's connections (a trusted reverse proxy). */
  isProxy(address: string): boolean;
}

/** Answers an excess connection and closes it, without reading any request. */
function refuse(socket: Socket, detail: string): void {
  socket.on('error', () => socket.destroy());
  // Read and drop what the client sends, so closing does not reset the answer away.
  socket.resume();
  endWithProblem(socket, { code: 'overloaded', detail, headers: { 'Retry-After': '1' } });
}

/**
 * Caps open connections, overall and per client address (IPv6 by its /64, ../core/client-address):
 * the HTTP server's own connection listener runs only for connections under the caps, so an excess
 * connection is answered and closed without any request being read. The address is the socket's:
 * nothing the client sends (X-Forwarded-For) has arrived yet.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const listeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const serve = (socket: Socket) => {
    for (const listener of listeners) listener.call(server, socket);
  };
  server.on('connection', (socket: Socket) => {
    if (open >= caps.max) {
      refuse(socket, 'the server has too many open connections; try again shortly');
      return;
    }
    open += 1;
    socket.once('close', () => (open -= 1));
    const remote = socket.remoteAddress ?? '';
    if (caps.isProxy(remote)) return serve(socket);
    const key = addressKey(remote);
    const admit = (taken: boolean) => {
      if (!taken) {
        refuse(socket, 'too many open connections from this address; close some and try again');
        return;
      }
      // Gone while the count was asked for (WORKERS=n): nothing to serve, the count goes back.
      if (socket.destroyed) return caps.addresses.give(key);
      socket.once('close', () => caps.addresses.give(key));
      serve(socket);
    };
    const taken = caps.addresses.take(key);
    if (typeof taken === 'boolean') admit(taken);
    else void taken.then(admit);
  });
}
