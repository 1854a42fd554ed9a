/**
 * kill -9 of a server process at random moments under load, then a restart on the same database:
 * every acknowledged receipt is still there, byte for byte (a replay returns it); every operation
 * whose answer was lost is then resent and lands exactly once; the quantities add up; and the SQLite
 * file passes `PRAGMA integrity_check`. The kill moments are printed when a check fails.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Op } from '../../src/protocol/schemas';
import {
  addFault,
  historyIds,
  items,
  lease,
  postOperation,
  signIn,
  type Session,
} from './support/client';
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
  delta: number;
  /** The receipt text of a 201/200 answer; null while the outcome is unknown. */
  acked: string | null;
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
          const delta = 1 + (sent.length % 5);
          const entry: Sent = {
            body: {
              id: `${l.id}.${sent.length}`,
              lease: token,
              op: { type: 'adjust', itemId: item.id, delta, reason: 'received' },
            },
            delta,
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
    const quantity = (await items(server.url, session)).items.find(
      (i) => i.id === item.id,
    )?.quantity;
    const expected = item.quantity + sent.reduce((sum, s) => sum + s.delta, 0);
    if (quantity !== expected) violations.push(`quantity ${quantity}, expected ${expected}`);
    const journal = await historyIds(server.url, session, item.id);
    const mine = new Set(sent.map((s) => s.body.id));
    const applied = journal.filter((id) => mine.has(id));
    if (applied.length !== sent.length || new Set(applied).size !== sent.length) {
      violations.push(
        `history holds ${applied.length} entries (${new Set(applied).size} distinct) for ${sent.length} operations`,
      );
    }
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
