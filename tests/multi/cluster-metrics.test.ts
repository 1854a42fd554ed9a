/**
 * spec/api.md "HTTP hygiene": with several worker processes (WORKERS=2, node:cluster, one port),
 * one scrape of `/metrics` reports the sum of all of them, whichever worker answers it.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseResponse, SessionResponse } from '../../src/protocol/schemas';
import { operationId } from '../../src/protocol/ids';
import { sqliteDatabase, type SharedDatabase } from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';

/** One request on a connection of its own, so requests spread over the workers. */
function fresh(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(base + path, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const applied = (metrics: string): number =>
  Number(/^stockroom_operations_total\{outcome="applied"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);

describe('metrics with WORKERS=2', () => {
  let db: SharedDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await sqliteDatabase();
    server = await spawnServer({ ...db.env, WORKERS: '2' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.dispose();
  });

  it('every scrape reports the operations of both workers', async () => {
    const signedIn = await fresh(server.url, 'POST', '/api/session', null, {
      username: 'demo',
      password: 'demo',
    });
    const { token } = SessionResponse.parse(JSON.parse(signedIn.text));
    const leased = await fresh(server.url, 'POST', '/api/leases', token, { deviceId: 'metrics' });
    const { lease, token: leaseToken } = LeaseResponse.parse(JSON.parse(leased.text));
    const items = JSON.parse((await fresh(server.url, 'GET', '/api/items', token)).text) as {
      items: { id: string }[];
    };
    const itemId = items.items[0]?.id ?? '';
    const total = 12;
    for (let seq = 0; seq < total; seq++) {
      const reply = await fresh(server.url, 'POST', '/api/operations', token, {
        id: operationId(lease.id, seq),
        lease: leaseToken,
        op: { type: 'adjust', itemId, delta: 1, reason: 'received' },
      });
      expect(reply.status, reply.text).toBe(201);
    }
    for (let scrape = 0; scrape < 4; scrape++) {
      const metrics = await fresh(server.url, 'GET', '/metrics', null);
      expect(metrics.status).toBe(200);
      expect(applied(metrics.text), `scrape ${scrape}`).toBe(total);
      // Still one valid exposition: each family's HELP once.
      const helps = metrics.text.match(/^# HELP stockroom_operations_total /gm) ?? [];
      expect(helps).toHaveLength(1);
    }
  });
});
