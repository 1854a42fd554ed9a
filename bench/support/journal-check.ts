/**
 * Counts effects in a bench server's SQLite journal (read-only, beside the running server: WAL lets
 * a reader in): every applied operation writes exactly one journal row, so a second row for an id
 * is a doubled effect.
 */
import Database from 'better-sqlite3';

export interface JournalCount {
  /** Distinct operation ids with an effect. */
  effects: number;
  /** Journal rows beyond the first per operation id. */
  doubled: number;
}

export function journalCount(path: string): JournalCount {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS rows, COUNT(DISTINCT operation_id) AS ids FROM journal')
      .get() as { rows: number; ids: number };
    return { effects: row.ids, doubled: row.rows - row.ids };
  } finally {
    db.close();
  }
}
