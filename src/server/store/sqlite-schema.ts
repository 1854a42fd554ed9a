/**
 * SQLite migrations, applied in order on open; `PRAGMA user_version` records how many ran.
 * Never edit a shipped migration: add a new one.
 */
import type Database from 'better-sqlite3';
import { checkSchema, type Migrated } from './schema-check';

export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL,
    password_hash TEXT NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
  INSERT INTO counters (name, value) VALUES ('items_revision', 0);
  CREATE TABLE items (
    id TEXT PRIMARY KEY,
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    location TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    global_revision INTEGER NOT NULL
  );
  CREATE INDEX items_by_global_revision ON items (global_revision);
  -- Receipts and tombstones. The primary key is the deduplication: one record per (user, id).
  CREATE TABLE operations (
    user_id TEXT NOT NULL,
    id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    receipt TEXT NOT NULL,
    deadline INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    compacted INTEGER NOT NULL DEFAULT 0,
    op TEXT,
    created_at TEXT,
    PRIMARY KEY (user_id, id)
  ) WITHOUT ROWID;
  CREATE INDEX operations_to_compact ON operations (recorded_at) WHERE compacted = 0;
  CREATE INDEX operations_by_deadline ON operations (deadline);
  -- The business journal (item history): applied operations only, never compacted.
  CREATE TABLE journal (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    delta INTEGER NOT NULL,
    resulting_quantity INTEGER NOT NULL,
    reason TEXT,
    note TEXT,
    recorded_at INTEGER NOT NULL
  );
  CREATE INDEX journal_by_item ON journal (item_id, seq);
  -- The export outbox: one row per applied effect, written in the effect's transaction.
  CREATE TABLE export_outbox (
    effect_id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX export_pending ON export_outbox (created_at) WHERE delivered_at IS NULL;
  `,
  `
  -- The catalogue (updateItem, archiveItem). field_revisions: JSON of the item revision at which
  -- each catalogue field last changed (absent: as created), for the stale-edit rule.
  ALTER TABLE items ADD COLUMN barcode TEXT;
  ALTER TABLE items ADD COLUMN low_stock_threshold INTEGER;
  ALTER TABLE items ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE items ADD COLUMN field_revisions TEXT NOT NULL DEFAULT '{}';
  CREATE UNIQUE INDEX items_by_barcode ON items (barcode);
  `,
  `
  -- Accounts from the command line: a disabled user cannot sign in (npm run users -- disable).
  ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX sessions_by_user ON sessions (user_id);
  `,
  `
  -- Fewer pages written per operation: every page a transaction changes is one more WAL frame to
  -- write and fsync at COMMIT (bench/README.md, "Where the server figures' time goes").
  --
  -- Receipts as a rowid table: a new receipt is appended to the last page instead of being put
  -- between its lease's ids (string order scatters them: .1, .10, .100, .2), which split pages.
  -- The (user, id) key is an index of short entries beside it, still the deduplication.
  CREATE TABLE operations_v4 (
    user_id TEXT NOT NULL,
    id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    receipt TEXT NOT NULL,
    deadline INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    compacted INTEGER NOT NULL DEFAULT 0,
    op TEXT,
    created_at TEXT,
    PRIMARY KEY (user_id, id)
  );
  INSERT INTO operations_v4 SELECT user_id, id, fingerprint, receipt, deadline, recorded_at,
    compacted, op, created_at FROM operations ORDER BY recorded_at;
  DROP TABLE operations;
  ALTER TABLE operations_v4 RENAME TO operations;
  CREATE INDEX operations_to_compact ON operations (recorded_at) WHERE compacted = 0;
  CREATE INDEX operations_by_deadline ON operations (deadline);
  -- The journal without AUTOINCREMENT: no sqlite_sequence row to update per entry. Journal rows are
  -- never deleted, so the largest seq is never reused and seq keeps growing.
  CREATE TABLE journal_v4 (
    seq INTEGER PRIMARY KEY,
    item_id TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    delta INTEGER NOT NULL,
    resulting_quantity INTEGER NOT NULL,
    reason TEXT,
    note TEXT,
    recorded_at INTEGER NOT NULL
  );
  INSERT INTO journal_v4 SELECT * FROM journal ORDER BY seq;
  DROP TABLE journal;
  ALTER TABLE journal_v4 RENAME TO journal;
  CREATE INDEX journal_by_item ON journal (item_id, seq);
  -- The export outbox in commit order (seq), without a pending index: delivered rows are never
  -- pending again, so a claim scans forward from the first row it last saw pending (kept in
  -- memory by each process, sqlite-store.ts) instead of a second index written with every row.
  CREATE TABLE export_outbox_v4 (
    seq INTEGER PRIMARY KEY,
    effect_id TEXT NOT NULL UNIQUE,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  INSERT INTO export_outbox_v4 (effect_id, payload, created_at, delivered_at)
    SELECT effect_id, payload, created_at, delivered_at FROM export_outbox
    ORDER BY created_at, effect_id;
  DROP TABLE export_outbox;
  ALTER TABLE export_outbox_v4 RENAME TO export_outbox;
  -- The items revision from the items index (max(global_revision)) instead of a counter row that
  -- every writer updated. The newest item takes the counter's last value, so no cursor handed out
  -- before goes backwards (the counter was only ever bumped to stamp an item). Dropping the
  -- counter makes a process of the previous version fail loudly on this database.
  UPDATE items SET global_revision = (SELECT value FROM counters WHERE name = 'items_revision')
    WHERE id = (SELECT id FROM items ORDER BY global_revision DESC, id LIMIT 1);
  DROP TABLE counters;
  `,
  `
  -- The export outbox without its effect-id index, one b-tree less written with every applied
  -- operation. The effect id is the operation id, unique already by the receipts' key (and lease
  -- ids are the server's, bound to one user); the worker records a delivery by the seq it claimed
  -- (sqlite-store.ts).
  CREATE TABLE export_outbox_v5 (
    seq INTEGER PRIMARY KEY,
    effect_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  INSERT INTO export_outbox_v5 (seq, effect_id, payload, created_at, delivered_at)
    SELECT seq, effect_id, payload, created_at, delivered_at FROM export_outbox ORDER BY seq;
  DROP TABLE export_outbox;
  ALTER TABLE export_outbox_v5 RENAME TO export_outbox;
  `,
  `
  -- Sign-in limits (core/sign-in-limits.ts): one row per counted attempt and counter, with the time
  -- it leaves its window, seen by every process and kept across restarts; a (user, address) that
  -- signed in lately is one row with an empty attempt. The cleanup job removes expired rows.
  CREATE TABLE sign_in_hits (
    key TEXT NOT NULL,
    attempt TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (key, attempt)
  ) WITHOUT ROWID;
  CREATE INDEX sign_in_hits_by_expiry ON sign_in_hits (expires_at);
  `,
  `
  -- The database's identity (npm run backup / restore, docs/api.md#epoch-and-restores): a random epoch
  -- made with the database and made anew by every restore, so a device that meets another epoch
  -- knows the server may have lost work it holds as confirmed. restored_from_taken_at: the
  -- restored backup's snapshot time; backup_taken_at: set only inside a backup copy.
  CREATE TABLE database_identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    restored_from_taken_at TEXT,
    backup_taken_at TEXT
  );
  INSERT INTO database_identity (id, epoch) VALUES (1, lower(hex(randomblob(16))));
  `,
  `
  -- Stock-takes (docs/http-api.md "Stock-takes"): the scope is copied at the start, so items made
  -- later are not in it; count lines are kept in recording order (seq) and change no stock.
  CREATE TABLE stocktakes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    place_id TEXT NOT NULL,
    blind INTEGER NOT NULL,
    status TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    started_by TEXT NOT NULL REFERENCES users(id),
    finished_at INTEGER
  );
  CREATE TABLE stocktake_scope (
    stocktake_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    PRIMARY KEY (stocktake_id, item_id)
  ) WITHOUT ROWID;
  CREATE TABLE stocktake_lines (
    seq INTEGER PRIMARY KEY,
    stocktake_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id),
    operation_id TEXT NOT NULL,
    counted INTEGER NOT NULL,
    based_on_revision INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE INDEX stocktake_lines_by_item ON stocktake_lines (stocktake_id, item_id, seq);
  -- The item's revision after each journal entry: an apply keeps the changes recorded after the
  -- revision its counters saw. Entries from before this migration have none (older than any count).
  ALTER TABLE journal ADD COLUMN item_revision INTEGER;
  `,
  `
  -- People's accounts from the app (docs/api.md#peoples-accounts): the managers' list shows when
  -- each person last signed in (null: never).
  ALTER TABLE users ADD COLUMN last_sign_in_at INTEGER;
  `,
  `
  -- Places (docs/api.md#places): stock in several places. Every database has "main", and
  -- today's stock is all there. places_revision is the cursor of GET /api/places?since=n, bumped
  -- by every place operation.
  CREATE TABLE places (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    archived INTEGER NOT NULL DEFAULT 0,
    revision INTEGER NOT NULL,
    global_revision INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE places_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
  INSERT INTO places_revision (id, value) VALUES (1, 1);
  INSERT INTO places (id, name, archived, revision, global_revision, updated_at)
    VALUES ('main', 'Main', 0, 1, 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  -- Each item's quantity per place, as JSON {placeId: quantity} in the item's row: read and
  -- written with the item, so a stock change costs no extra statement. Stamped anew (one stamp,
  -- the subquery is evaluated once), so devices holding a cursor learn every item's places.
  ALTER TABLE items ADD COLUMN stock TEXT NOT NULL DEFAULT '{}';
  UPDATE items SET stock = json_object('main', quantity),
    global_revision = (SELECT coalesce(max(global_revision), 0) + 1 FROM items);
  -- History per place. Rows before this migration have none: they read as main (journal-row.ts).
  ALTER TABLE journal ADD COLUMN place_id TEXT;
  ALTER TABLE journal ADD COLUMN place_quantity INTEGER;
  `,
  `
  -- The removal index holds tombstones only: a new receipt is written without an entry there, one
  -- page fewer for every apply's COMMIT (bench/README.md, store_vs_raw). A receipt is recorded
  -- no later than its deadline, so the cleanup finds a live record past deadline + grace among
  -- the receipts to compact (operations_to_compact) by its recorded_at (sqlite-store.ts).
  DROP INDEX operations_by_deadline;
  CREATE INDEX operations_by_deadline ON operations (deadline) WHERE compacted = 1;
  `,
];

/** How many migrations the database has applied (0 for a new one). */
export const schemaVersion = (db: Database.Database): number =>
  db.pragma('user_version', { simple: true }) as number;

/**
 * Read the version inside the write lock, so two processes starting together migrate once (and a
 * newer build that migrated in between is noticed: the check runs again here).
 */
export function migrate(db: Database.Database, allowed: boolean): Migrated {
  return db
    .transaction(() => {
      const version = schemaVersion(db);
      checkSchema(version, SQLITE_MIGRATIONS.length, allowed);
      if (version === SQLITE_MIGRATIONS.length) return { from: version, to: version };
      SQLITE_MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
      db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`);
      return { from: version, to: SQLITE_MIGRATIONS.length };
    })
    .immediate();
}
