/**
 * kill -9 of a server process at random moments under load, then a restart on the same database:
 * every acknowledged receipt is still there, byte for byte (a replay returns it); every operation
 * whose answer was lost is then resent and lands exactly once (every other one is a transfer from
 * main to a place of the run's own: both sides, or neither); the quantities add up, per place too;
 * and the SQLite file passes `PRAGMA integrity_check`. The kill moments are printed when a check
 * fails.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MAIN_PLACE, Receipt, type Item, type Op } from '../../src/protocol/schemas';
import {
  addFault,
  historyIds,
  items,
  lease,
  postOperation,
  signIn,
  type Session,
} from '../support/api-client';
import {
  pgbouncerDatabase,
  postgresDatabase,
  sqliteDatabase,
  type SharedDatabase,
} from './support/databases';
import { spawnServer, type ServerProcess } from './support/process';
import { reliability, scaled } from '../support/reliability';
import { eventually } from '../support/eventually';

const SENDERS = 8;

interface Sent {
  body: { id: string; lease: string; op: Op };
  /** The receipt text of a 201/200 answer; null while the outcome is unknown. */
  acked: string | null;
}

/** The n-th operation of a run: an adjustment at main, or every other one a transfer of 1. */
function nth(n: number, itemId: string, place: string): Op {
  return n % 2 === 1
    ? { type: 'transfer', itemId, fromPlaceId: MAIN_PLACE, toPlaceId: place, quantity: 1 }
    : { type: 'adjust', itemId, delta: 1 + (n % 5), reason: 'received' };
}

interface KillRun {
  open: () => Promise<SharedDatabase>;
  kills: number;
  /** A deliberately broken server (tests/multi/support/variant-server.ts) instead of main.ts. */
  variant?: 'receipt-outside-tx';
  /**
   * Tester-mode `fail-before-commit` faults per round (needs SIMULATE=1): a crash before commit
   * at a known moment, since a random kill lands in a broken variant's narrow window only rarely.
   */
  faultsPerRound?: number;
}

/** Returns the violations, with the kill moments; an empty list means nothing was lost or doubled. */
async function killUnderLoad(run: KillRun): Promise<string[]> {
  const db = await run.open();
  const env = {
    ...db.env,
    // One lease for the whole run: 200 kills under load send more than the default 10,000 ids.
    LEASE_SIZE: '1000000',
    ...(run.variant ? { STOCKROOM_TEST_VARIANT: run.variant } : {}),
    ...(run.faultsPerRound ? { SIMULATE: '1' } : {}),
  };
  const entry = run.variant ? 'tests/multi/support/variant-server.ts' : 'src/server/main.ts';
  let server: ServerProcess = await spawnServer(env, entry);
  const moments: number[] = [];
  try {
    const session: Session = await signIn(server.url);
    const { lease: l, token } = await lease(server.url, session);
    const item = (await items(server.url, session)).items[0];
    if (!item) throw new Error('no demo item');
    const place = `k9-${randomUUID().slice(0, 8)}`;
    const setup = await postOperation(server.url, session, {
      id: `${l.id}.${l.size - 1}`,
      lease: token,
      op: { type: 'createPlace', placeId: place, name: place },
    });
    if (setup.status !== 201) throw new Error(`createPlace: HTTP ${setup.status} ${setup.text}`);
    const sent: Sent[] = [];
    const violations: string[] = [];

    for (let k = 0; k < run.kills; k++) {
      let dying = false;
      const url = server.url;
      const roundStart = sent.length;
      let dropped = 0;
      if (run.faultsPerRound) {
        await addFault(url, session, { fault: 'fail-before-commit', times: run.faultsPerRound });
      }
      const senders = Array.from({ length: SENDERS }, async () => {
        while (!dying) {
          const entry: Sent = {
            body: {
              id: `${l.id}.${sent.length}`,
              lease: token,
              op: nth(sent.length, item.id, place),
            },
            acked: null,
          };
          sent.push(entry);
          try {
            const reply = await postOperation(url, session, entry.body);
            if (reply.status === 201 || reply.status === 200) entry.acked = reply.text;
            else
              violations.push(`${entry.body.id}: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
          } catch {
            // The connection died with the process (or a fault): outcome unknown, resent below.
            dropped++;
          }
        }
      });
      const moment = 20 + Math.floor(Math.random() * 300);
      moments.push(moment);
      await new Promise((r) => setTimeout(r, moment));
      // The faults die with the process: on a busy machine a short round could end before any
      // fired, and the broken variant would go unseen. Kill only once they have (a deadline only
      // bounds a hang).
      await eventually(
        () => Promise.resolve(dropped),
        (fired) => fired >= (run.faultsPerRound ?? 0),
        "the round's faults fired",
        60_000,
      );
      await server.kill9();
      dying = true;
      await Promise.all(senders);
      server = await spawnServer(env, entry);
      // This round's acknowledged receipts survived, byte for byte.
      violations.push(...(await replayMismatches(server.url, session, sent.slice(roundStart))));
    }

    // Resend what never got an answer; each lands exactly once. (Against the broken variant, the
    // counts below are what shows the loss.)
    for (const s of sent.filter((x) => x.acked === null)) {
      const reply = await postOperation(server.url, session, s.body);
      if (reply.status === 201 || reply.status === 200) s.acked = reply.text;
      else violations.push(`${s.body.id}: resend got HTTP ${reply.status}`);
    }
    // And every receipt, old or new, still replays as acknowledged after all the kills.
    violations.push(...(await replayMismatches(server.url, session, sent)));
    violations.push(...(await effectViolations(server.url, session, item, place, sent)));
    if (!sent.some((s) => s.acked !== null)) violations.push('no operation was ever acknowledged');
    return violations.map((v) => `${v} (kill moments, ms: ${moments.join(', ')})`);
  } finally {
    await server.stop();
    if (db.file) {
      const file = new Database(db.file, { readonly: true });
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        file.close();
      }
    }
    await db.dispose();
  }
}

/** Each applied operation's effects once: the total, each place, and the history entries. */
async function effectViolations(
  url: string,
  session: Session,
  item: Item,
  place: string,
  sent: Sent[],
): Promise<string[]> {
  const out: string[] = [];
  const applied = sent.filter(
    (s) => s.acked !== null && Receipt.parse(JSON.parse(s.acked)).outcome === 'applied',
  );
  const sum = (type: Op['type']) =>
    applied.reduce((t, s) => {
      const op = s.body.op;
      if (op.type !== type) return t;
      return t + (op.type === 'adjust' ? op.delta : op.type === 'transfer' ? op.quantity : 0);
    }, 0);
  const now = (await items(url, session)).items.find((i) => i.id === item.id);
  const at = (placeId: string) => now?.stock?.find((s) => s.placeId === placeId)?.quantity ?? 0;
  const startMain = item.stock?.find((s) => s.placeId === MAIN_PLACE)?.quantity ?? item.quantity;
  const expected = {
    total: item.quantity + sum('adjust'),
    main: startMain + sum('adjust') - sum('transfer'),
    [place]: sum('transfer'),
  };
  const actual = { total: now?.quantity, main: at(MAIN_PLACE), [place]: at(place) };
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    out.push(`quantities ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  const journal = await historyIds(url, session, item.id);
  const entries = new Map<string, number>();
  for (const id of journal) entries.set(id, (entries.get(id) ?? 0) + 1);
  const wrong = sent.filter((s) => {
    const sides = s.body.op.type === 'transfer' ? 2 : 1;
    return (entries.get(s.body.id) ?? 0) !== (applied.includes(s) ? sides : 0);
  });
  if (wrong.length > 0)
    out.push(
      `history entries wrong for ${wrong.length} of ${sent.length} operations: ${wrong
        .slice(0, 5)
        .map((s) => `${s.body.id} ${s.body.op.type} ×${entries.get(s.body.id) ?? 0}`)
        .join(', ')}`,
    );
  return out;
}

async function replayMismatches(url: string, session: Session, sent: Sent[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of sent) {
    if (s.acked === null) continue;
    const replay = await postOperation(url, session, s.body);
    if (replay.status !== 200 || replay.text !== s.acked) {
      out.push(`${s.body.id}: acknowledged ${s.acked}, then ${replay.status} ${replay.text}`);
    }
  }
  return out;
}

describe('kill -9 under load, then restart', () => {
  const sqliteKills = scaled(10, 200);
  const postgresKills = scaled(3, 50);
  const suite = 'kill -9 under load, then restart';
  it(
    `SQLite file: ${sqliteKills} kills`,
    async (context) => {
      reliability(context, { suite, count: sqliteKills, unit: 'kills' });
      expect(await killUnderLoad({ open: sqliteDatabase, kills: sqliteKills })).toEqual([]);
    },
    scaled(300_000, 7_200_000),
  );
  it(
    `PostgreSQL: ${postgresKills} kills`,
    async (context) => {
      reliability(context, { suite, count: postgresKills, unit: 'kills' });
      expect(await killUnderLoad({ open: postgresDatabase, kills: postgresKills })).toEqual([]);
    },
    scaled(180_000, 3_600_000),
  );
  it(
    `PostgreSQL through PgBouncer (transaction mode): ${postgresKills} kills`,
    async (context) => {
      reliability(context, { suite, count: postgresKills, unit: 'kills' });
      expect(await killUnderLoad({ open: pgbouncerDatabase, kills: postgresKills })).toEqual([]);
    },
    scaled(180_000, 3_600_000),
  );
  it('the same checks see the loss when the receipt is written outside the transaction', async () => {
    const violations = await killUnderLoad({
      open: sqliteDatabase,
      kills: 2,
      variant: 'receipt-outside-tx',
      faultsPerRound: 2,
    });
    expect(violations.length).toBeGreaterThan(0);
  }, 300_000);
});
