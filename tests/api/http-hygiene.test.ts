/**
 * docs/api.md#http-hygiene: slow clients cannot hold the server. Headers or a body that have not
 * arrived within REQUEST_TIMEOUT end with 408 (problem+json) and nothing is processed; idle
 * keep-alive connections close; connections past MAX_CONNECTIONS are refused as problems; a
 * request without Host is a problem too. The limits are set small here; the defaults are 30 s,
 * 72 s and 1000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStatus } from '../../src/protocol/schemas';
import { signIn, type Api } from './support/api';
import { Connection } from './support/connection';
import { rawExchange, rawRequest, type RawReply } from './support/http';
import { adjust, type LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

/** A guard against a server that never acts, not an assertion about speed. */
const GUARD_MS = 20_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${GUARD_MS} ms`)), GUARD_MS);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

function asReply(raw: RawReply) {
  let body: unknown;
  try {
    body = JSON.parse(raw.body);
  } catch {
    body = undefined;
  }
  return { status: raw.status, headers: new Headers(raw.headers), text: raw.body, body };
}

/** Writes `text` one byte at a time, as a slow client does, until the connection closes. */
function trickle(connection: Connection, text: string): () => void {
  let at = 0;
  const timer = setInterval(() => {
    if (connection.isClosed || at >= text.length) return clearInterval(timer);
    connection.write(text[at] ?? '');
    at += 1;
  }, 50);
  return () => clearInterval(timer);
}

describe('timeouts', () => {
  let server: RunningServer;
  let api: Api;
  let lease: LeaseHandle;
  let itemId: string;

  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT: '1s', KEEP_ALIVE_TIMEOUT: '500ms' });
    api = await signIn(server.url);
    lease = await api.lease();
    itemId = await api.newItem(lease, 10);
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('a body trickling in is ended with 408 problem+json, and nothing is applied', async () => {
    const body = JSON.stringify({ ...lease.body(adjust(itemId, 1)), pad: 'x'.repeat(2000) });
    const id = (JSON.parse(body) as { id: string }).id;
    const head = rawRequest(server.url, 'POST /api/operations HTTP/1.1', {
      authorization: `Bearer ${api.token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'keep-alive',
    });
    const connection = await Connection.open(server.url);
    connection.write(head);
    const stop = trickle(connection, body);
    try {
      expectProblem(asReply(await within(connection.reply(), 'slow body')), 'request-timeout');
      await within(connection.closed, 'close after 408');
    } finally {
      stop();
      connection.destroy();
    }
    const status = await api.status(id, lease.token);
    expect(OperationStatus.parse(status.body).state).toBe('not-yet');
  });

  it('a slow answer is not a slow client: work longer than REQUEST_TIMEOUT is answered', async () => {
    const manager = await signIn(server.url, 'manager');
    await manager.fault({ fault: 'delay', delayMs: 2_500 });
    expectReceipt(await api.postOp(lease.body(adjust(itemId, 1))), 201);
  });

  it('headers that never finish are ended with 408 problem+json', async () => {
    const connection = await Connection.open(server.url);
    connection.write(`GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n`);
    const stop = trickle(connection, `x-slow: ${'a'.repeat(4000)}`);
    try {
      expectProblem(asReply(await within(connection.reply(), 'slow headers')), 'request-timeout');
      await within(connection.closed, 'close after 408');
    } finally {
      stop();
      connection.destroy();
    }
  });

  it('an idle keep-alive connection is closed by the server', async () => {
    const connection = await Connection.open(server.url);
    try {
      connection.write(
        rawRequest(server.url, 'GET /api/health HTTP/1.1', { connection: 'keep-alive' }),
      );
      expect((await within(connection.reply(), 'health')).status).toBe(200);
      await within(connection.closed, 'idle keep-alive close');
    } finally {
      connection.destroy();
    }
  });

  it('what Node would answer by itself is problem+json too: Host missing or twice, CONNECT', async () => {
    const exchange = (text: string) => rawExchange(server.url, text);
    const missing = await exchange('GET /api/health HTTP/1.1\r\nconnection: close\r\n\r\n');
    expectProblem(asReply(missing), 'invalid-request');
    const twice = await exchange(
      'GET /api/health HTTP/1.1\r\nhost: a\r\nhost: b\r\nconnection: close\r\n\r\n',
    );
    expectProblem(asReply(twice), 'invalid-request');
    const connect = await exchange(
      'CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n',
    );
    expectProblem(asReply(connect), 'invalid-request');
    // HTTP/1.0 needs no Host; an Expect the server does not know is ignored (RFC 9110 allows it).
    expect((await exchange('GET /api/health HTTP/1.0\r\n\r\n')).status).toBe(200);
    const expectation = await exchange(
      'GET /api/health HTTP/1.1\r\nhost: a\r\nexpect: teapot\r\nconnection: close\r\n\r\n',
    );
    expect(expectation.status).toBe(200);
  });
});

describe('connection cap', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_CONNECTIONS: '2' });
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('connections past MAX_CONNECTIONS get 503 problem+json; a freed slot is usable again', async () => {
    const held: Connection[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const connection = await Connection.open(server.url);
        held.push(connection);
        // Answered, so the server has counted it; it stays open (keep-alive).
        connection.write(
          rawRequest(server.url, 'GET /api/health HTTP/1.1', { connection: 'keep-alive' }),
        );
        expect((await within(connection.reply(), 'held connection')).status).toBe(200);
      }
      const refused = await rawExchange(
        server.url,
        rawRequest(server.url, 'GET /api/health HTTP/1.1'),
      );
      const problem = expectProblem(asReply(refused), 'overloaded');
      expect(problem.detail).toMatch(/connections/);
      expect(refused.headers['retry-after']).toBe('1');

      held.pop()?.destroy();
      const deadline = Date.now() + GUARD_MS;
      let again = await rawExchange(server.url, rawRequest(server.url, 'GET /api/health HTTP/1.1'));
      while (again.status !== 200 && Date.now() < deadline) {
        again = await rawExchange(server.url, rawRequest(server.url, 'GET /api/health HTTP/1.1'));
      }
      expect(again.status).toBe(200);
    } finally {
      held.forEach((c) => c.destroy());
    }
  });
});
