/**
 * SQLite migrations, applied in order on open; `PRAGMA user_version` records how many ran.
 * Never edit a shipped migration: add a new one.
 */
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
];
