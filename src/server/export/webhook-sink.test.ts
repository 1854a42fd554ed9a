import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { fillOutbox } from '../../../tests/support/server/export-fixture';
import { createWebhookSink, WebhookDeliveryError } from './webhook-sink';
import { createExportWorker } from './worker';

type Misbehaviour = 'none' | 'fail-503' | 'process-then-drop';

/** A downstream system on loopback that deduplicates by Idempotency-Key, with scripted faults. */
function receiver() {
  const processed = new Map<string, unknown>();
  const script: Misbehaviour[] = [];
  let requests = 0;
  const keys: string[] = [];
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      requests++;
      const key = req.headers['idempotency-key'];
      const fault = script.shift() ?? 'none';
      if (typeof key !== 'string' || req.headers['content-type'] !== 'application/json') {
        res.writeHead(400).end();
        return;
      }
      keys.push(key);
      if (fault === 'fail-503') {
        res.writeHead(503).end();
        return;
      }
      if (!processed.has(key)) processed.set(key, JSON.parse(body));
      if (fault === 'process-then-drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  return {
    processed,
    script,
    keys,
    get requests() {
      return requests;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const T0 = Date.UTC(2026, 10, 29, 17);

describe('webhook sink', () => {
  let hook: ReturnType<typeof receiver>;
  let url = '';
  let store: Store;
  beforeEach(async () => {
    hook = receiver();
    url = await hook.start();
    store = await openSqliteStore('sqlite::memory:');
  });
  afterEach(async () => {
    await hook.stop();
    await store.close();
  });

  it('POSTs each payload with Idempotency-Key = effect id', async () => {
    const sink = createWebhookSink(url);
    await sink.deliver([{ effectId: 'L.1', payload: '{"effectId":"L.1","delta":2}' }]);
    expect(hook.keys).toEqual(['L.1']);
    expect(hook.processed.get('L.1')).toEqual({ effectId: 'L.1', delta: 2 });
  });

  it('rejects on a 5xx and on a dropped connection, naming the effect', async () => {
    const sink = createWebhookSink(url);
    hook.script.push('fail-503', 'process-then-drop');
    const effect = { effectId: 'L.7', payload: '{}' };
    await expect(sink.deliver([effect])).rejects.toMatchObject({ effectId: 'L.7', status: 503 });
    await expect(sink.deliver([effect])).rejects.toBeInstanceOf(WebhookDeliveryError);
    await sink.deliver([effect]);
    expect([...hook.processed.keys()]).toEqual(['L.7']);
  });

  it('never follows a redirect: a 3xx is a refusal, and the place it points to gets nothing', async () => {
    const landed: string[] = [];
    const redirecting = createServer((req, res) => {
      void read(req).then(() => {
        if (req.url?.startsWith('/landing')) {
          landed.push(`${req.method} ${req.url}`);
          res.writeHead(200).end('{"ok":true}');
          return;
        }
        const status = Number(req.url?.slice(1));
        res.writeHead(status, { Location: '/landing' }).end();
      });
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        const sink = createWebhookSink(`${base}/${status}`);
        let accepted = 0;
        const delivery = sink.deliver([{ effectId: `L.${status}`, payload: '{}' }], async (n) => {
          accepted += n;
        });
        await expect(delivery).rejects.toMatchObject({ effectId: `L.${status}`, status });
        expect(accepted).toBe(0);
      }
      expect(landed).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('with the worker, through failures and lost answers: each effect processed once downstream', async () => {
    const ids = await fillOutbox(store, 12, T0);
    hook.script.push(
      'none',
      'process-then-drop',
      'fail-503',
      'none',
      'process-then-drop',
      'fail-503',
    );
    const worker = createExportWorker({
      store,
      sink: createWebhookSink(url),
      clock: { now: () => T0 + 1000 },
      random: () => 0,
      batchSize: 5,
    });
    let rounds = 0;
    for (;;) {
      const result = await worker.runOnce();
      rounds++;
      if (result.kind === 'idle') break;
      expect(rounds).toBeLessThan(50);
    }
    expect([...hook.processed.keys()].sort()).toEqual([...ids].sort());
    expect(hook.requests).toBeGreaterThan(ids.length); // retries happened, and were deduplicated
    expect((await store.exportBacklog()).pending).toBe(0);
  });

  it('keeps what was accepted before a refusal: recorded at once, never sent again', async () => {
    const ids = await fillOutbox(store, 6, T0);
    hook.script.push('none', 'none', 'fail-503');
    const worker = createExportWorker({
      store,
      sink: createWebhookSink(url),
      clock: { now: () => T0 + 1000 },
      random: () => 0,
      batchSize: 6,
    });
    expect(await worker.runOnce()).toMatchObject({ kind: 'sink-failed', count: 2 });
    expect(await store.exportBacklog()).toMatchObject({ pending: 4 });
    expect(await worker.runOnce()).toEqual({ kind: 'delivered', count: 4 });
    // Only the refused effect was sent twice; the two before it once each.
    expect(hook.keys).toEqual([...ids.slice(0, 3), ...ids.slice(2)]);
    expect((await store.exportBacklog()).pending).toBe(0);
  });

  it('retries a failed batch itself, without waiting for its claim to lapse (PostgreSQL-like claims)', async () => {
    const ids = await fillOutbox(store, 3, T0);
    const claimOnce = new Set<string>();
    const claiming = {
      // Like PostgreSQL: a claimed row is not handed out again while the claim holds.
      claimExports: async (limit: number, now: number) =>
        (await store.claimExports(limit, now)).filter(
          (r) => !claimOnce.has(r.effectId) && claimOnce.add(r.effectId),
        ),
      markExported: (effectIds: string[], now: number) => store.markExported(effectIds, now),
    };
    hook.script.push('fail-503', 'process-then-drop');
    const worker = createExportWorker({
      store: claiming,
      sink: createWebhookSink(url),
      clock: { now: () => T0 + 1000 },
      random: () => 0,
    });
    expect((await worker.runOnce()).kind).toBe('sink-failed');
    expect((await worker.runOnce()).kind).toBe('sink-failed');
    expect(await worker.runOnce()).toEqual({ kind: 'delivered', count: 3 });
    expect(await worker.runOnce()).toEqual({ kind: 'idle' });
    expect([...hook.processed.keys()].sort()).toEqual([...ids].sort());
  });
});
