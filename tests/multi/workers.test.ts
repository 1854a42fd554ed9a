/**
 * `WORKERS=2` as one server: both workers start on a fresh database (demo data
 * seeded once, no worker dies), the start line tells the truth, a worker killed with -9 is replaced
 * and logged, and every `/metrics` scrape, whichever worker answers it, reports the whole server.
 * Requests go over fresh connections, so the cluster's round-robin spreads them over both workers.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from '../../src/server/demo';
import { items, lease, signIn, type Session } from '../support/api-client';
import { DATABASES } from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';
import { eventually } from '../support/eventually';

/** One request on a connection of its own (no keep-alive pool pinning us to one worker). */
function once(
  base: string,
  method: string,
  path: string,
  session: Session | null,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

const workerPids = (output: string) =>
  [...output.matchAll(/worker (\d+) started/g)].map((m) => Number(m[1]));

describe.each(DATABASES)('WORKERS=2 on %s', (_name, open) => {
  it('starts fresh as one server, sums metrics over workers, replaces a killed worker', async () => {
    const db = await open();
    let server: ServerProcess | null = null;
    try {
      server = await spawnServer({ ...db.env, WORKERS: '2' });
      const base = server.url;
      expect(server.output).toMatch(/Stockroom listening on http:\/\/\S+ \(2 processes\)/);
      expect(server.output).not.toMatch(/exited|Error/);
      const session = await signIn(base);
      expect((await items(base, session)).items).toHaveLength(DEMO_ITEMS.length);

      // Labelled counters exist at 0 before anything happened.
      const first = await once(base, 'GET', '/metrics', null);
      expect(sample(first.text, 'stockroom_operations_total{outcome="applied"}')).toBe(0);
      expect(sample(first.text, 'stockroom_refusals_total{code="key-reused"}')).toBe(0);
      expect(sample(first.text, 'stockroom_processes')).toBe(2);

      const { lease: l, token } = await lease(base, session);
      const applied = 12;
      for (let i = 0; i < applied; i++) {
        const reply = await once(base, 'POST', '/api/operations', session, {
          id: `${l.id}.${i}`,
          lease: token,
          op: { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' },
        });
        expect(reply.status, reply.text).toBe(201);
      }
      // Every scrape, on whichever worker, counts every operation.
      for (let i = 0; i < 6; i++) {
        const { text } = await once(base, 'GET', '/metrics', null);
        expect(sample(text, 'stockroom_processes')).toBe(2);
        expect(sample(text, 'stockroom_operations_total{outcome="applied"}')).toBe(applied);
        expect(sample(text, 'stockroom_operation_request_duration_seconds_count')).toBe(applied);
      }
      // No worker died on the way.
      expect(server.output).not.toMatch(/exited/);

      // kill -9 one worker: the primary logs it and starts a replacement, which serves.
      const [victim] = workerPids(server.output);
      if (victim === undefined) throw new Error(`no worker pid in:\n${server.output}`);
      process.kill(victim, 'SIGKILL');
      const running = server;
      await eventually(
        async () =>
          /exited \(SIGKILL\); starting a replacement/.test(running.output) &&
          /worker \d+ listening/.test(running.output),
        Boolean,
        'the replacement',
      );
      expect(workerPids(server.output)).toHaveLength(3);
      await eventually(
        async () => sample((await once(base, 'GET', '/metrics', null)).text, 'stockroom_processes'),
        (processes) => processes === 2,
        'both workers in a scrape',
      );
      for (let i = 0; i < 4; i++) {
        const reply = await once(base, 'GET', '/api/items', session);
        expect(reply.status).toBe(200);
      }
    } finally {
      await server?.stop();
      await db.dispose();
    }
  }, 120_000);
});
