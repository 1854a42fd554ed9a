/**
 * store_vs_raw: the real idempotent apply (claim id, fingerprint check, effect, receipt, journal,
 * export row), one awaited `apply([request])` at a time, ÷ a raw non-idempotent adjustment
 * (UPDATE items + INSERT journal in one transaction) on the same schema. Both are file databases
 * in WAL with synchronous=FULL and the store's checkpoint interval, so both pay one fsync per
 * adjustment. The details split each side's time into the work inside the transaction and the
 * COMMIT (where the fsync is). A round (4,000 applies, full 10,000) spans the store's 10,000-page
 * checkpoint interval several times and the raw side's (3 pages an adjustment) at least once, so
 * both pay their checkpoints in every round; with rounds of 250 one store round in four had one
 * and the raw side none.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WAL_AUTOCHECKPOINT_PAGES } from '../../src/server/store/sqlite-connection';
import { atLeast, round, type Figure } from '../figure';
import { applyOne, DEMO_ITEM_IDS, requestMaker, seededStore } from '../support/sqlite-fixture';
import { alternate, percentile, timed } from '../support/stats';

const ROUNDS = 4;

interface Phases {
  tx: number[];
  commit: number[];
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Where one adjustment's time goes; `outsideMs` is the mean time per operation outside BEGIN…COMMIT. */
const phaseDetails = (p: Phases, opsPerSec: number) => ({
  meanMs: round(1000 / opsPerSec),
  txMeanMs: round(mean(p.tx)),
  commitMeanMs: round(mean(p.commit)),
  outsideMs: round(1000 / opsPerSec - mean(p.tx) - mean(p.commit)),
  txP50Ms: round(percentile(p.tx, 50)),
  commitP50Ms: round(percentile(p.commit, 50)),
  commitP99Ms: round(percentile(p.commit, 99)),
});

function rawAdjuster(path: string): { adjust(seq: number): void; phases: Phases; close(): void } {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // The store's checkpoint interval, so the two differ only in what each commit writes.
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const update = db.prepare(
    `UPDATE items SET quantity = quantity + ?, revision = revision + 1, updated_at = ?
     WHERE id = ? RETURNING quantity`,
  );
  const journal = db.prepare(
    `INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity, reason, note, recorded_at)
     VALUES (?, ?, 'bench', 'adjust', 1, ?, 'received', NULL, ?)`,
  );
  const phases: Phases = { tx: [], commit: [] };
  return {
    phases,
    adjust(seq) {
      const itemId = DEMO_ITEM_IDS[seq % DEMO_ITEM_IDS.length]!;
      const started = performance.now();
      begin.run();
      try {
        const now = Date.now();
        const row = update.get(1, now, itemId) as { quantity: number };
        journal.run(itemId, `raw.${seq}`, row.quantity, now);
        const beforeCommit = performance.now();
        commit.run();
        phases.tx.push(beforeCommit - started);
        phases.commit.push(performance.now() - beforeCommit);
      } finally {
        if (db.inTransaction) db.exec('ROLLBACK');
      }
    },
    close: () => db.close(),
  };
}

export const storeVsRaw: Figure = {
  name: 'store_vs_raw',
  target: '≥ 0.7',
  async run({ quick, workDir }) {
    const perRound = quick ? 4000 : 10_000;
    // The raw side uses the same schema and seed: made by the store, then used directly.
    await (await seededStore(join(workDir, 'raw.db'))).close();
    const raw = rawAdjuster(join(workDir, 'raw.db'));
    const store = await seededStore(join(workDir, 'store.db'));
    const next = requestMaker();
    const storePhases: Phases = { tx: [], commit: [] };
    let storeSeq = 0;
    let rawSeq = 0;
    try {
      const ab = await alternate(
        ROUNDS,
        () =>
          timed(async () => {
            for (let i = 0; i < perRound; i++) {
              const timing = await applyOne(store, await next(storeSeq++));
              storePhases.tx.push(timing.tx);
              storePhases.commit.push(timing.commit);
            }
            return perRound;
          }),
        () =>
          timed(() => {
            for (let i = 0; i < perRound; i++) raw.adjust(rawSeq++);
            return perRound;
          }),
      );
      return atLeast(ab.ratio, 0.7, {
        storeOpsPerSec: ab.a,
        rawOpsPerSec: ab.b,
        store: phaseDetails(storePhases, ab.a),
        raw: phaseDetails(raw.phases, ab.b),
        totalRatio: ab.totalRatio,
        rounds: ab.rounds,
        operationsEach: perRound * ROUNDS,
      });
    } finally {
      raw.close();
      await store.close();
    }
  },
};
