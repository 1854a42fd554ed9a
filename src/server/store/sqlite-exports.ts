/**
 * The export outbox on SQLite: the export worker claims pending rows and records them delivered.
 * Delivery records are written by the group commit (sqlite-group-commit.ts), with the operations
 * waiting for it.
 */
import type Database from 'better-sqlite3';
import type { Delivered } from './sqlite-group-commit';
import type { ExportRow } from './store';

type Row = Record<string, unknown>;

const CLEANUP_CHUNK = 2000;
/** Claimed export rows remembered for their record: twenty of the worker's batches. */
const CLAIMED_KEPT = 2000;

export class SqliteExports {
  /**
   * Every export row with `seq` ≤ this is delivered (rows are appended in commit order and a
   * delivered row is never pending again), so claims scan from here instead of using an index.
   * Per process: another process's deliveries only leave it lower than it could be, never wrong.
   */
  private floor = 0;
  /** The seq of each export row this process claimed and has not recorded yet (bounded). */
  private readonly claimed = new Map<string, number>();
  private readonly sql;

  constructor(private readonly db: Database.Database) {
    this.sql = {
      pending: db.prepare(
        `SELECT seq, effect_id, payload, created_at FROM export_outbox
         WHERE seq > ? AND delivered_at IS NULL ORDER BY seq LIMIT ?`,
      ),
      last: db.prepare('SELECT max(seq) FROM export_outbox').pluck(),
      markBySeq: db.prepare(
        'UPDATE export_outbox SET delivered_at = ? WHERE seq = ? AND delivered_at IS NULL',
      ),
      // For an id this process did not claim: a scan of the rows not known to be delivered.
      markByScan: db.prepare(
        `UPDATE export_outbox SET delivered_at = ? WHERE seq > ? AND effect_id = ?
         AND delivered_at IS NULL`,
      ),
      backlog: db.prepare(
        `SELECT count(*) AS n, min(created_at) AS oldest FROM export_outbox
         WHERE seq > ? AND delivered_at IS NULL`,
      ),
    };
  }

  claim(limit: number): ExportRow[] {
    // One read snapshot: every row before the first pending one is delivered (and stays so);
    // with none pending, every row there is now. Rows committed later get larger seqs.
    const rows = this.db.transaction(() => {
      const found = this.sql.pending.all(this.floor, limit) as Row[];
      const first = found[0];
      this.floor = first
        ? (first['seq'] as number) - 1
        : ((this.sql.last.get() as number | null) ?? this.floor);
      return found;
    })();
    for (const r of rows) this.claimed.set(r['effect_id'] as string, r['seq'] as number);
    // Only a worker that died between claim and record leaves entries behind; keep the newest.
    for (const id of this.claimed.keys()) {
      if (this.claimed.size <= CLAIMED_KEPT) break;
      this.claimed.delete(id);
    }
    return rows.map((r) => ({
      effectId: r['effect_id'] as string,
      payload: r['payload'] as string,
      createdAt: r['created_at'] as number,
    }));
  }

  /** Inside the group commit's transaction. */
  record({ effectIds, at }: Delivered): void {
    for (const id of effectIds) {
      const seq = this.claimed.get(id);
      if (seq === undefined) this.sql.markByScan.run(at, this.floor, id);
      else this.sql.markBySeq.run(at, seq);
      this.claimed.delete(id);
    }
  }

  backlog(): { pending: number; oldestCreatedAt: number | null } {
    const row = this.sql.backlog.get(this.floor) as Row;
    return {
      pending: row['n'] as number,
      oldestCreatedAt: (row['oldest'] as number | null) ?? null,
    };
  }

  async removeDelivered(deliveredBefore: number): Promise<number> {
    // Never the newest row: `seq` is a plain rowid, and SQLite gives a new row max(seq) + 1, so
    // removing the newest one would hand its seq out again, below a worker's `floor`.
    const removeChunk = this.db.prepare(
      `DELETE FROM export_outbox WHERE seq IN
       (SELECT seq FROM export_outbox
        WHERE delivered_at < ? AND seq < (SELECT max(seq) FROM export_outbox)
        ORDER BY seq LIMIT ${CLEANUP_CHUNK})`,
    );
    let removed = 0;
    for (;;) {
      const n = removeChunk.run(deliveredBefore).changes;
      removed += n;
      if (n < CLEANUP_CHUNK) return removed;
      await new Promise((r) => setImmediate(r));
    }
  }
}
