/**
 * The export against a flaky downstream: a webhook receiver on loopback refuses
 * one request in five (503) at random, 300 operations are applied and the server is killed with -9
 * a few times in between. Every applied effect reaches the receiver within 60 s, and an effect is
 * accepted a second time only when its first acceptance was not yet recorded in the database when
 * a process died (the at-least-once window the worker cannot close).
 */
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lease, postOperation, signIn, items } from '../support/api-client';
import { sqliteDatabase } from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';
import { reliability, runSeed, scaled } from '../support/reliability';

const OPERATIONS = 300;
const KILLS = scaled(4, 20);
const DELIVERY_DEADLINE_MS = 60_000;

/** A small seeded generator (mulberry32), so a failing run can be replayed with SEED=n. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Receiver {
  url: string;
  /** Every accepted delivery's effect id, in the order the receiver answered 200. */
  accepted: string[];
  refused: number;
  close(): Promise<void>;
}

async function flakyReceiver(random: () => number): Promise<Receiver> {
  const accepted: string[] = [];
  const receiver = { accepted, refused: 0 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || random() < 0.2) {
        receiver.refused++;
        response.writeHead(503).end();
        return;
      }
      accepted.push(key);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/effects`,
    accepted,
    get refused() {
      return receiver.refused;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** What a dead process had recorded as delivered, and how far the receiver's log was then. */
interface KillSnapshot {
  recorded: Set<string>;
  acceptedSoFar: number;
}

function recordedDeliveries(file: string): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT effect_id FROM export_outbox WHERE delivered_at IS NOT NULL')
      .all() as { effect_id: string }[];
    return new Set(rows.map((r) => r.effect_id));
  } finally {
    db.close();
  }
}

/**
 * Each acceptance after an effect's first must follow a kill, after that earlier acceptance, at
 * which the effect's delivery was not recorded.
 */
function unjustifiedRedeliveries(accepted: string[], kills: KillSnapshot[]): string[] {
  const last = new Map<string, number>();
  const wrong: string[] = [];
  accepted.forEach((id, position) => {
    const before = last.get(id);
    last.set(id, position);
    if (before === undefined) return;
    const excused = kills.some(
      (k) => before < k.acceptedSoFar && k.acceptedSoFar <= position && !k.recorded.has(id),
    );
    if (!excused) wrong.push(`${id} accepted again at #${position} (first at #${before})`);
  });
  return wrong;
}

describe('export to a webhook that refuses 20 % at random, with kill -9 in between', () => {
  it(
    `${OPERATIONS} operations, ${KILLS} kills: each effect delivered, accepted ones never resent`,
    async (context) => {
      const seed = runSeed();
      reliability(context, {
        suite: 'export to a flaky webhook with kill -9',
        count: KILLS,
        unit: 'process kills',
        seed,
      });
      const random = seeded(seed);
      const receiver = await flakyReceiver(random);
      const db = await sqliteDatabase();
      const file = db.file ?? '';
      const env = { ...db.env, EXPORT_WEBHOOK_URL: receiver.url };
      let server: ServerProcess = await spawnServer(env);
      const kills: KillSnapshot[] = [];
      try {
        const session = await signIn(server.url);
        const { lease: l, token } = await lease(server.url, session);
        const item = (await items(server.url, session)).items[0];
        if (!item) throw new Error('no demo item');
        const ids = Array.from({ length: OPERATIONS }, (_, i) => `${l.id}.${i}`);
        const perRound = Math.ceil(OPERATIONS / (KILLS + 1));
        for (let start = 0; start < OPERATIONS; start += perRound) {
          const round = ids.slice(start, start + perRound);
          // A few senders at once, as shop phones would (and group commit keeps it quick).
          const senders = Array.from({ length: 6 }, async () => {
            for (let id = round.shift(); id !== undefined; id = round.shift()) {
              const reply = await postOperation(server.url, session, {
                id,
                lease: token,
                op: { type: 'adjust', itemId: item.id, delta: 1, reason: 'received' },
              });
              expect(reply.status, reply.text).toBe(201);
            }
          });
          await Promise.all(senders);
          if (kills.length < KILLS) {
            // Killed while the worker is still working through what this round applied.
            await server.kill9();
            kills.push({
              recorded: recordedDeliveries(file),
              acceptedSoFar: receiver.accepted.length,
            });
            server = await spawnServer(env);
          }
        }

        const deadline = Date.now() + DELIVERY_DEADLINE_MS;
        const missing = () => ids.filter((id) => !receiver.accepted.includes(id));
        while (missing().length > 0 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
        }
        const why = `seed ${seed}; ${receiver.accepted.length} accepted, ${receiver.refused} refused`;
        expect(missing(), `not delivered within 60 s (${why})`).toEqual([]);
        expect(unjustifiedRedeliveries(receiver.accepted, kills), why).toEqual([]);
        expect(receiver.refused, why).toBeGreaterThan(0);
      } finally {
        await server.stop();
        await receiver.close();
        await db.dispose();
      }
    },
    scaled(180_000, 900_000),
  );
});
