/**
 * docs/api.md#sign-in-limits: at most MAX_CONNECTIONS_PER_ADDRESS open
 * connections per client address; one more is answered `503 overloaded` (problem+json) and
 * closed. Real sockets from chosen loopback source addresses (127.0.0.x), a small cap (3). The
 * count is by socket address: behind TRUST_PROXY the proxy's own address carries everyone's
 * connections and is not capped per address (the overall MAX_CONNECTIONS still holds).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Connection } from './support/connection';
import { rawRequest, type RawReply } from './support/http';
import { expectProblem } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

/** A guard against a server that never acts, not an assertion about speed. */
const GUARD_MS = 20_000;

const held: Connection[] = [];
afterEach(() => {
  held.splice(0).forEach((c) => c.destroy());
});

/** A connection from `from` that asked for /api/health: its answer, and the connection. */
async function ask(
  url: string,
  from: string,
): Promise<{ reply: RawReply; connection: Connection }> {
  const connection = await Connection.open(url, from);
  held.push(connection);
  connection.write(rawRequest(url, 'GET /api/health HTTP/1.1', { connection: 'keep-alive' }));
  const reply = await connection.reply();
  return { reply, connection };
}

function problemOf(raw: RawReply) {
  return expectProblem(
    {
      status: raw.status,
      headers: new Headers(raw.headers),
      text: raw.body,
      body: JSON.parse(raw.body) as unknown,
    },
    'overloaded',
  );
}

describe('MAX_CONNECTIONS_PER_ADDRESS', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('one more open connection from an address → 503 overloaded, closed; other addresses and a freed slot are served', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(server.url, '127.0.0.5')).reply.status).toBe(200);
    const { reply, connection } = await ask(server.url, '127.0.0.5');
    const problem = problemOf(reply);
    expect(problem.detail).toMatch(/connections from this address/);
    expect(reply.headers['retry-after']).toBe('1');
    expect(reply.headers['connection']).toBe('close');
    await connection.closed;
    // Another client is not held up by the first one's connections.
    expect((await ask(server.url, '127.0.0.6')).reply.status).toBe(200);
    // One of the first client's connections closes: it may open one again.
    held[0]?.destroy();
    const deadline = Date.now() + GUARD_MS;
    let again = await ask(server.url, '127.0.0.5');
    while (again.reply.status !== 200 && Date.now() < deadline) {
      again = await ask(server.url, '127.0.0.5');
    }
    expect(again.reply.status).toBe(200);
  });
});

describe('MAX_CONNECTIONS_PER_ADDRESS behind TRUST_PROXY', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({
      MAX_CONNECTIONS_PER_ADDRESS: '3',
      TRUST_PROXY: '127.0.0.7',
      // Tester mode is refused behind a proxy.
      SIMULATE: '0',
    });
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it("counts by socket address: the trusted proxy's connections are not capped per address, others are", async () => {
    for (let i = 0; i < 5; i++) expect((await ask(server.url, '127.0.0.7')).reply.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await ask(server.url, '127.0.0.8')).reply.status).toBe(200);
    problemOf((await ask(server.url, '127.0.0.8')).reply);
  });
});
