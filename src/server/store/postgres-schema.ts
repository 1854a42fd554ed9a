/**
 * PostgreSQL migrations, applied in order on open and recorded in `schema_migrations`. Several
 * server processes may start at once on one database: an advisory lock makes them take turns, so
 * each migration runs exactly once. Never edit a shipped migration: add a new one.
 */
import type { ClientBase, QueryResult, QueryResultRow } from 'pg';
import { checkSchema, type Migrated } from './schema-check';

export const POSTGRES_MIGRATIONS: readonly string[] = [
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
    expires_at BIGINT NOT NULL
  );
  -- The global revision behind GET /api/items?since=n. Its row lock is taken last in a writing
  -- transaction and held to COMMIT, so revisions become visible in commit order (a reader never
  -- sees n+1 while n is still to come).
  CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
  INSERT INTO counters (name, value) VALUES ('items_revision', 0);
  CREATE TABLE items (
    id TEXT PRIMARY KEY,
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    location TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    revision BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    global_revision BIGINT NOT NULL
  );
  CREATE INDEX items_by_global_revision ON items (global_revision);
  -- Receipts and tombstones. The primary key is the deduplication: one record per (user, id).
  CREATE TABLE operations (
    user_id TEXT NOT NULL,
    id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    receipt TEXT NOT NULL,
    deadline BIGINT NOT NULL,
    recorded_at BIGINT NOT NULL,
    compacted BOOLEAN NOT NULL DEFAULT FALSE,
    op TEXT,
    created_at TEXT,
    PRIMARY KEY (user_id, id)
  );
  CREATE INDEX operations_to_compact ON operations (recorded_at) WHERE NOT compacted;
  CREATE INDEX operations_by_deadline ON operations (deadline);
  -- The business journal (item history): applied operations only, never compacted.
  CREATE TABLE journal (
    seq BIGSERIAL PRIMARY KEY,
    item_id TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    delta BIGINT NOT NULL,
    resulting_quantity BIGINT NOT NULL,
    reason TEXT,
    note TEXT,
    recorded_at BIGINT NOT NULL
  );
  CREATE INDEX journal_by_item ON journal (item_id, seq);
  -- The export outbox: one row per applied effect, written in the effect's transaction.
  -- claimed_until: a worker's claim; another worker takes the row only after it lapses.
  CREATE TABLE export_outbox (
    seq BIGSERIAL,
    effect_id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    delivered_at BIGINT
  );
  CREATE INDEX export_pending ON export_outbox (created_at, seq) WHERE delivered_at IS NULL;
  `,
  `
  -- The global revision without a global lock (postgres-revision.ts): each item carries the id of
  -- the transaction that last changed it. The counter is no longer bumped; its last value is the
  -- offset of every new cursor, so a cursor handed out before this migration is smaller than every
  -- new one and gets all items once. Dropping global_revision makes a process of the previous
  -- version fail loudly on this database instead of handing out cursors of the old kind.
  ALTER TABLE items ADD COLUMN changed_xid BIGINT NOT NULL DEFAULT 0;
  UPDATE items SET changed_xid = pg_current_xact_id()::text::bigint;
  ALTER TABLE items ALTER COLUMN changed_xid DROP DEFAULT;
  DROP INDEX items_by_global_revision;
  ALTER TABLE items DROP COLUMN global_revision;
  CREATE INDEX items_by_changed_xid ON items (changed_xid);
  `,
  `
  -- The catalogue (updateItem, archiveItem). field_revisions: JSON of the item revision at which
  -- each catalogue field last changed (absent: as created), for the stale-edit rule.
  ALTER TABLE items ADD COLUMN barcode TEXT;
  ALTER TABLE items ADD COLUMN low_stock_threshold BIGINT;
  ALTER TABLE items ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
  ALTER TABLE items ADD COLUMN field_revisions TEXT NOT NULL DEFAULT '{}';
  CREATE UNIQUE INDEX items_by_barcode ON items (barcode);
  `,
  `
  -- Accounts from the command line: a disabled user cannot sign in (npm run users -- disable).
  ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT false;
  CREATE INDEX sessions_by_user ON sessions (user_id);
  `,
  `
  -- Sign-in limits (core/sign-in-limits.ts): one row per counted attempt and counter, with the time
  -- it leaves its window, seen by every process and kept across restarts; a (user, address) that
  -- signed in lately is one row with an empty attempt. The cleanup job removes expired rows.
  CREATE TABLE sign_in_hits (
    key TEXT NOT NULL,
    attempt TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (key, attempt)
  );
  CREATE INDEX sign_in_hits_by_expiry ON sign_in_hits (expires_at);
  `,
  `
  -- The database's identity (npm run backup / restore, docs/api.md#epoch-and-restores): a random epoch
  -- made with the database and made anew by every restore, so a device that meets another epoch
  -- knows the server may have lost work it holds as confirmed. restored_from_taken_at: the
  -- restored backup's snapshot time; backup_taken_at: written just before pg_dump's snapshot.
  CREATE TABLE database_identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    restored_from_taken_at TEXT,
    backup_taken_at TEXT
  );
  INSERT INTO database_identity (id, epoch) VALUES (1, replace(gen_random_uuid()::text, '-', ''));
  `,
  `
  -- Stock-takes (docs/http-api.md "Stock-takes"), as on SQLite (sqlite-schema.ts).
  CREATE TABLE stocktakes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    place_id TEXT NOT NULL,
    blind BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    started_by TEXT NOT NULL REFERENCES users(id),
    finished_at BIGINT
  );
  CREATE TABLE stocktake_scope (
    stocktake_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    PRIMARY KEY (stocktake_id, item_id)
  );
  CREATE TABLE stocktake_lines (
    seq BIGSERIAL PRIMARY KEY,
    stocktake_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id),
    operation_id TEXT NOT NULL,
    counted BIGINT NOT NULL,
    based_on_revision BIGINT NOT NULL,
    recorded_at BIGINT NOT NULL
  );
  CREATE INDEX stocktake_lines_by_item ON stocktake_lines (stocktake_id, item_id, seq);
  ALTER TABLE journal ADD COLUMN item_revision BIGINT;
  `,
  `
  -- People's accounts from the app (docs/api.md#peoples-accounts): the managers' list shows when
  -- each person last signed in (null: never).
  ALTER TABLE users ADD COLUMN last_sign_in_at BIGINT;
  `,
  `
  -- Places (docs/api.md#places): stock in several places. Every database has "main", and
  -- today's stock is all there. places_revision is the cursor of GET /api/places?since=n: every
  -- place operation bumps its one row, whose lock it holds to COMMIT, so place revisions become
  -- visible in commit order (place operations are rare: a manager's).
  CREATE TABLE places (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    revision BIGINT NOT NULL,
    global_revision BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE places_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value BIGINT NOT NULL);
  INSERT INTO places_revision (id, value) VALUES (1, 1);
  INSERT INTO places (id, name, archived, revision, global_revision, updated_at)
    VALUES ('main', 'Main', FALSE, 1, 1, (extract(epoch FROM now()) * 1000)::bigint);
  -- Each item's quantity per place, as JSON {placeId: quantity} in the item's row: read, locked and
  -- written with the item, so a stock change costs no extra statement. Stamped anew, so devices
  -- holding a cursor learn every item's places with their next read.
  ALTER TABLE items ADD COLUMN stock TEXT NOT NULL DEFAULT '{}';
  UPDATE items SET stock = json_build_object('main', quantity)::text,
    changed_xid = pg_current_xact_id()::text::bigint;
  -- History per place. Rows before this migration have none: they read as main (journal-row.ts).
  ALTER TABLE journal ADD COLUMN place_id TEXT;
  ALTER TABLE journal ADD COLUMN place_quantity BIGINT;
  `,
];

/** Any constant works; it only has to be the same in every process of this program. */
const MIGRATION_LOCK = 0x5707_c0de;

/** Postgres identifiers we create ourselves: a schema name from configuration or a test. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`"${name}" is not a valid schema name (lowercase letters, digits and _)`);
  }
  return `"${name}"`;
}

/** How many migrations the database has applied (0 for a new one). */
export async function schemaVersion(client: {
  query<R extends QueryResultRow>(text: string): Promise<QueryResult<R>>;
}): Promise<number> {
  const done = await client.query<{ n: number }>(
    'SELECT coalesce(max(version), 0)::int AS n FROM schema_migrations',
  );
  return done.rows[0]?.n ?? 0;
}

/**
 * One transaction under the advisory lock: a newer schema, or pending migrations with MIGRATE=0,
 * throw (checkSchema) and roll everything back, so nothing is written.
 */
export async function migrate(
  client: ClientBase,
  schema: string | null,
  allowed = true,
): Promise<Migrated> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    if (schema) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      // Not a startup option: behind a transaction pooler there is none (postgres-connection.ts).
      await client.query(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
    }
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations
       (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const from = await schemaVersion(client);
    checkSchema(from, POSTGRES_MIGRATIONS.length, allowed);
    for (let version = from + 1; version <= POSTGRES_MIGRATIONS.length; version++) {
      await client.query(POSTGRES_MIGRATIONS[version - 1] ?? '');
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
    return { from, to: Math.max(from, POSTGRES_MIGRATIONS.length) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
