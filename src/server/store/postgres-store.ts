/**
 * The PostgreSQL store: several server processes share one database. Deduplication is the primary
 * key of `operations`; see postgres-apply.ts for the transaction and postgres-revision.ts for the
 * items' global revision. Reads are single statements, so each sees one consistent snapshot under
 * READ COMMITTED (listItems is two, in an order postgres-revision.ts explains). The clients run in
 * pg's pipeline mode (postgres-pipeline.ts), and the statements on every request's path are named,
 * so each connection parses and plans them once.
 */
import { cleanupCutoffs } from '../core/retention';
import pg from 'pg';
import type {
  HistoryEntry,
  HistoryResponse,
  Item,
  ItemsResponse,
  PlacesResponse,
  StocktakeLine,
  StocktakeSummary,
} from '../../protocol/schemas';
import type { ReviewLine } from '../core/stocktake-decide';
import { listStocktakes, stocktakeDetail } from './postgres-stocktakes';
import { wireItem, type ItemColumns } from './item-row';
import { historyPlace, historyRevision } from './journal-row';
import { COMPACTED_SUFFIX, LIVE_SUFFIX } from '../core/receipt';
import { EXPORT_CLAIM_MS } from '../export/claim-lease';
import { applyInTransaction, readPlaces } from './postgres-places';
import { findRecord, toRecord, type ApplyTransaction, type RecordRow } from './postgres-apply';
import { cursorBase, insertItems, readItems } from './postgres-revision';
import { Database, poolSettings, type Pooler } from './postgres-connection';
import { migrate, POSTGRES_MIGRATIONS, schemaVersion } from './postgres-schema';
import { ServingLock } from './postgres-serving-lock';
import { postgresSignInCounts } from './postgres-sign-in';
import type { Reservation, Settlement, SignInAttempt } from '../core/sign-in-limits';
import { prepared, render, sql } from './postgres-sql';
import type { Migrated, MigrateOptions } from './schema-check';
import { endsSessions, type AccountChange } from '../core/accounts';
import type {
  AccountChangeResult,
  AccountJudge,
  ApplyOptions,
  ApplyRequest,
  ApplyResult,
  ApplyTiming,
  DatabaseIdentity,
  ExportRow,
  NewItem,
  OperationRecord,
  RetentionPolicy,
  SessionRow,
  SignInCounts,
  StoredAccount,
  StoredUser,
  Store,
  UserRow,
} from './store';

export interface PostgresOptions extends MigrateOptions {
  /** A schema of its own (created if missing), e.g. one per test; default: the role's search_path. */
  schema?: string;
  poolSize?: number;
  /** 'transaction' behind a transaction-mode pooler (postgres-connection.ts); default 'none'. */
  pooler?: Pooler;
  /** PostgreSQL past the pooler, for the migrations (DATABASE_DIRECT_URL); default: the pool. */
  directUrl?: string;
  /**
   * How `apply` runs its transaction; default postgres-apply.ts. The safety suites pass
   * deliberately broken ones (tests/support/broken-stores/) to prove they can see them.
   */
  apply?: ApplyTransaction;
}

const CLEANUP_CHUNK = 2000;

/**
 * How long a pool connection may sit idle before it is closed. pg's default (10 s) closed
 * connections between bursts, and each one opened again costs a Postgres backend (fork,
 * authentication, catalogue caches, every named statement parsed and planned again) and a SCRAM
 * handshake here: with two server processes each at half the rate, 2–3 new backends per 2 s of
 * load (bench: pg_cpu_two_vs_one). Ten minutes, as common pools do: a quiet server still gives
 * its connections back.
 */
const POOL_IDLE_MS = 10 * 60_000;

/** BIGINT columns come back as strings by default; every one here is well inside 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * `postgres://user:pass@host/db?schema=name` keeps Stockroom's tables in a schema of their own
 * (created if missing); `options.schema` wins over the URL.
 */
export function splitSchema(url: string): { url: string; schema: string | null } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  if (schema === null) return { url, schema: null };
  parsed.searchParams.delete('schema');
  return { url: parsed.toString(), schema };
}

export async function openPostgresStore(
  databaseUrl: string,
  options: PostgresOptions = {},
): Promise<Store> {
  const { url, schema: fromUrl } = splitSchema(databaseUrl);
  const schema = options.schema ?? fromUrl;
  const pooler = options.pooler ?? 'none';
  // What holds a session (the serving lock) and runs the migrations: PostgreSQL itself.
  const direct = options.directUrl ? splitSchema(options.directUrl).url : null;
  if (pooler === 'transaction' && direct === null) throw new Error(NEEDS_DIRECT_URL);
  const sessionUrl = direct ?? url;
  // Held for as long as this store is open: `npm run restore` is refused meanwhile.
  const servingLock = await ServingLock.hold(sessionUrl, schema);
  const pool = new pg.Pool({
    ...poolSettings(url, pooler, schema),
    max: options.poolSize ?? 10,
    idleTimeoutMillis: POOL_IDLE_MS,
    types,
    pipeline: true,
  });
  // An idle connection that breaks (server restart) is dropped by the pool; the next query reports
  // the problem to its caller. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = new Database(pool, pooler, schema);
  let base: number;
  try {
    // Not inside `onMigrated?.(…)`: an optional call skips evaluating its argument.
    const migrated = await migrateOn(direct, pool, schema, options.migrate);
    options.onMigrated?.(migrated);
    base = await cursorBase(db);
  } catch (error) {
    await pool.end();
    await servingLock.end();
    throw error;
  }
  return new PostgresStore(db, options.apply ?? applyInTransaction, base, servingLock);
}

export const NEEDS_DIRECT_URL =
  'Behind a transaction pooler (PG_POOLER=transaction) set DATABASE_DIRECT_URL to PostgreSQL ' +
  'itself: the serving lock that keeps `npm run restore` off a database in use holds a session, ' +
  'which a transaction pooler cannot give (the migrations run there too).';

/**
 * Migrations on `direct` when set (DATABASE_DIRECT_URL: PostgreSQL itself, past any pooler, as
 * Prisma and golang-migrate do), else on a connection of the pool (directly connected). They run
 * in one transaction under a transaction-scoped advisory lock, which a pooler would keep too.
 */
async function migrateOn(
  direct: string | null,
  pool: pg.Pool,
  schema: string | null,
  allowed = true,
): Promise<Migrated> {
  if (direct === null) {
    const client = await pool.connect();
    try {
      return await migrate(client, schema, allowed);
    } finally {
      client.release();
    }
  }
  const client = new pg.Client({ connectionString: direct });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await migrate(client, schema, allowed);
  } finally {
    await client.end();
  }
}

interface UserDbRow {
  id: string;
  name: string;
  role: UserRow['role'];
  password_hash: string;
  disabled: boolean;
}
interface AccountDbRow extends UserDbRow {
  last_sign_in_at: number | null;
}
const USER_COLUMNS = sql`id, name, role, password_hash, disabled`;
const ACCOUNT_COLUMNS = 'id, name, role, password_hash, disabled, last_sign_in_at';
const toUser = (r: UserDbRow): StoredUser => ({
  id: r.id,
  name: r.name,
  role: r.role,
  passwordHash: r.password_hash,
  disabled: r.disabled,
});
const toAccount = (r: AccountDbRow): StoredAccount => ({
  ...toUser(r),
  lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
});
const iso = (ms: number): string => new Date(ms).toISOString();

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  readonly latestSchema = POSTGRES_MIGRATIONS.length;

  constructor(
    private readonly db: Database,
    private readonly applyTransaction: ApplyTransaction,
    /** The offset of every items cursor (postgres-revision.ts). */
    private readonly base: number,
    /** The shared serving lock (postgres-serving-lock.ts). */
    private readonly servingLock: ServingLock,
  ) {
    this.signIns = postgresSignInCounts(db);
  }

  private readonly signIns: SignInCounts;

  async close(): Promise<void> {
    await this.db.pool.end();
    await this.servingLock.end();
  }

  async identity(): Promise<DatabaseIdentity> {
    const r = await this.db.query<{ epoch: string; restored_from_taken_at: string | null }>(
      'SELECT epoch, restored_from_taken_at FROM database_identity WHERE id = 1',
    );
    const row = r.rows[0];
    if (!row) throw new Error('database_identity has no row: the database was not migrated');
    return {
      epoch: row.epoch,
      restoredFrom:
        row.restored_from_taken_at === null ? null : { takenAt: row.restored_from_taken_at },
    };
  }

  async schemaVersion(): Promise<number> {
    return schemaVersion(this.db);
  }

  async removeExpiredSessions(now: number): Promise<number> {
    const r = await this.db.query(render(sql`DELETE FROM sessions WHERE expires_at < ${now}`));
    return r.rowCount ?? 0;
  }

  async countUsers(): Promise<number> {
    const r = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return r.rows[0]?.n ?? 0;
  }

  async insertUser(u: UserRow): Promise<boolean> {
    const r = await this.db.query(
      render(sql`INSERT INTO users (id, name, role, password_hash)
                 VALUES (${u.id}, ${u.name}, ${u.role}, ${u.passwordHash})
                 ON CONFLICT (name) DO NOTHING`),
    );
    return r.rowCount === 1;
  }

  async userByName(name: string): Promise<StoredUser | null> {
    const r = await this.db.query<UserDbRow>(
      prepared(sql`SELECT ${USER_COLUMNS} FROM users WHERE name = ${name}`),
    );
    return r.rows[0] ? toUser(r.rows[0]) : null;
  }

  async userById(id: string): Promise<StoredUser | null> {
    const r = await this.db.query<UserDbRow>(
      prepared(sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id}`),
    );
    return r.rows[0] ? toUser(r.rows[0]) : null;
  }

  async listUsers(): Promise<StoredAccount[]> {
    const r = await this.db.query<AccountDbRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM users ORDER BY name`,
    );
    return r.rows.map(toAccount);
  }

  async changeUser(
    name: string,
    change: AccountChange,
    judge: AccountJudge,
  ): Promise<AccountChangeResult> {
    return this.db.transaction(async (client): Promise<AccountChangeResult> => {
      // Every enabled manager's row locked first, in id order (no deadlock between two changes):
      // a concurrent demotion waits, and the count below is re-read after it (READ COMMITTED
      // re-checks a locked row against the WHERE), so two managers demoting each other at once
      // cannot both succeed.
      await client.query(
        "SELECT id FROM users WHERE role = 'manager' AND NOT disabled ORDER BY id FOR UPDATE",
      );
      const found = await client.query<AccountDbRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE name = $1 FOR UPDATE`,
        [name],
      );
      const row = found.rows[0];
      if (!row) return { kind: 'not-found' };
      const target = toUser(row);
      const others = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE role = 'manager' AND NOT disabled AND id <> $1",
        [target.id],
      );
      const refusal = judge(target, others.rows[0]?.n ?? 0);
      if (refusal) return { kind: 'refused', refusal };
      const changed = await client.query<AccountDbRow>(
        `UPDATE users SET role = COALESCE($2, role), disabled = COALESCE($3, disabled),
           password_hash = COALESCE($4, password_hash)
         WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
        [target.id, change.role ?? null, change.disabled ?? null, change.passwordHash ?? null],
      );
      if (endsSessions(change))
        await client.query('DELETE FROM sessions WHERE user_id = $1', [target.id]);
      return { kind: 'changed', account: toAccount(changed.rows[0] ?? row) };
    });
  }

  async recordSignIn(userId: string, at: number): Promise<void> {
    await this.db.query(render(sql`UPDATE users SET last_sign_in_at = ${at} WHERE id = ${userId}`));
  }

  async upgradePasswordHash(userId: string, from: string, to: string): Promise<void> {
    await this.db.query(
      render(sql`UPDATE users SET password_hash = ${to}
                 WHERE id = ${userId} AND password_hash = ${from}`),
    );
  }

  /** A short transaction outside the operation pipeline (account changes). */
  async insertSession(s: SessionRow): Promise<void> {
    await this.db.query(
      render(sql`INSERT INTO sessions (token_hash, user_id, expires_at)
                 VALUES (${s.tokenHash}, ${s.userId}, ${s.expiresAt})`),
    );
  }

  async sessionByHash(tokenHash: string): Promise<SessionRow | null> {
    const r = await this.db.query<{ token_hash: string; user_id: string; expires_at: number }>(
      prepared(sql`SELECT token_hash, user_id, expires_at FROM sessions
                   WHERE token_hash = ${tokenHash}`),
    );
    const row = r.rows[0];
    return row
      ? { tokenHash: row.token_hash, userId: row.user_id, expiresAt: row.expires_at }
      : null;
  }

  async sessionUser(tokenHash: string): Promise<{ session: SessionRow; user: StoredUser } | null> {
    const r = await this.db.query<UserDbRow & { expires_at: number }>(
      prepared(sql`SELECT s.expires_at, u.id, u.name, u.role, u.password_hash, u.disabled
                   FROM sessions s JOIN users u ON u.id = s.user_id
                   WHERE s.token_hash = ${tokenHash}`),
    );
    const row = r.rows[0];
    if (!row) return null;
    const user = toUser(row);
    return { session: { tokenHash, userId: user.id, expiresAt: row.expires_at }, user };
  }

  async extendSession(tokenHash: string, expiresAt: number): Promise<void> {
    await this.db.query(
      prepared(sql`UPDATE sessions SET expires_at = ${expiresAt} WHERE token_hash = ${tokenHash}`),
    );
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.query(render(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`));
  }

  seedItems(items: NewItem[], now: number): Promise<void> {
    return insertItems(this.db, items, now);
  }

  listItems(since: number | null): Promise<ItemsResponse> {
    return readItems(this.db, this.base, since);
  }

  listPlaces(since: number | null): Promise<PlacesResponse> {
    return readPlaces(this.db, since);
  }

  async catalogue(after: string | null, limit: number): Promise<Item[]> {
    const r = await this.db.query<ItemColumns & { updated_at: number }>({
      text: `SELECT id, sku, name, location, quantity, revision, barcode, low_stock_threshold,
              archived, field_revisions, stock, updated_at
       FROM items WHERE id COLLATE "C" > $1 ORDER BY id COLLATE "C" LIMIT $2`,
      values: [after ?? '', limit],
    });
    return r.rows.map((row) => wireItem(row, row.updated_at));
  }

  async history(
    itemId: string,
    limit: number,
    before: string | null,
  ): Promise<HistoryResponse | null> {
    const exists = await this.db.query(render(sql`SELECT 1 FROM items WHERE id = ${itemId}`));
    if (exists.rowCount === 0) return null;
    const cursor =
      before !== null && /^\d{1,15}$/.test(before) ? Number(before) : Number.MAX_SAFE_INTEGER;
    const r = await this.db.query<{
      seq: number;
      operation_id: string;
      user_name: string;
      type: HistoryEntry['type'];
      delta: number;
      resulting_quantity: number;
      reason: string | null;
      note: string | null;
      recorded_at: number;
      place_id: string | null;
      place_quantity: number | null;
      item_revision: number | null;
    }>({
      text: `SELECT j.seq, j.operation_id, u.name AS user_name, j.type, j.delta,
              j.resulting_quantity, j.reason, j.note, j.recorded_at, j.place_id, j.place_quantity,
              j.item_revision
       FROM journal j JOIN users u ON u.id = j.user_id
       WHERE j.item_id = $1 AND j.seq < $2 ORDER BY j.seq DESC LIMIT $3`,
      values: [itemId, cursor, limit + 1],
    });
    const page = r.rows.slice(0, limit);
    return {
      entries: page.map((row) => ({
        operationId: row.operation_id,
        userName: row.user_name,
        type: row.type,
        delta: row.delta,
        resultingQuantity: row.resulting_quantity,
        reason: row.reason,
        note: row.note,
        recordedAt: iso(row.recorded_at),
        ...historyPlace({
          type: row.type,
          placeId: row.place_id,
          placeQuantity: row.place_quantity,
          resultingQuantity: row.resulting_quantity,
        }),
        ...historyRevision(row.item_revision),
      })),
      next: r.rows.length > limit ? String(page[page.length - 1]?.seq) : null,
    };
  }

  listStocktakes(): Promise<StocktakeSummary[]> {
    return listStocktakes(this.db);
  }

  stocktake(
    id: string,
  ): Promise<{ summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null> {
    return stocktakeDetail(this.db, id);
  }

  async findOperation(userId: string, operationId: string): Promise<OperationRecord | null> {
    const r = await this.db.query<RecordRow>(findRecord(userId, operationId));
    // An empty receipt is a claim still in flight in another transaction: never visible here,
    // because a claim is only ever committed together with its receipt.
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  apply(
    requests: ApplyRequest[],
    options: ApplyOptions,
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
    return this.applyTransaction(this.db, requests, options);
  }

  async cleanup(
    now: number,
    policy: RetentionPolicy,
  ): Promise<{ compacted: number; removed: number }> {
    // Small chunks, each its own short statement, skipping rows other transactions hold, so
    // operations never wait long behind the cleanup.
    const cut = cleanupCutoffs(now, policy);
    const compact = sql`UPDATE operations SET
        receipt = CASE WHEN right(receipt, ${LIVE_SUFFIX.length}::int) = ${LIVE_SUFFIX}
                       THEN left(receipt, length(receipt) - ${LIVE_SUFFIX.length}::int)
                            || ${COMPACTED_SUFFIX}
                       ELSE receipt END,
        compacted = TRUE, op = NULL, created_at = NULL
      WHERE (user_id, id) IN (SELECT user_id, id FROM operations
        WHERE NOT compacted AND recorded_at < ${cut.compactRecordedBefore}
        LIMIT ${CLEANUP_CHUNK} FOR UPDATE SKIP LOCKED)`;
    const remove = sql`DELETE FROM operations WHERE (user_id, id) IN
      (SELECT user_id, id FROM operations WHERE deadline < ${cut.removeDeadlineBefore}
       LIMIT ${CLEANUP_CHUNK} FOR UPDATE SKIP LOCKED)`;
    const compacted = await this.inChunks(render(compact));
    const removed = await this.inChunks(render(remove));
    return { compacted, removed };
  }

  async removeDeliveredExports(deliveredBefore: number): Promise<number> {
    return this.inChunks(
      render(sql`DELETE FROM export_outbox WHERE effect_id IN
        (SELECT effect_id FROM export_outbox WHERE delivered_at < ${deliveredBefore}
         LIMIT ${CLEANUP_CHUNK} FOR UPDATE SKIP LOCKED)`),
    );
  }

  private async inChunks(statement: { text: string; values: unknown[] }): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await this.db.query(statement)).rowCount ?? 0;
      total += n;
      if (n < CLEANUP_CHUNK) return total;
    }
  }

  async claimExports(limit: number, now: number): Promise<ExportRow[]> {
    const r = await this.db.query<{
      effect_id: string;
      payload: string;
      created_at: number;
      seq: number;
    }>(
      prepared(sql`WITH picked AS (
          SELECT effect_id FROM export_outbox
          WHERE delivered_at IS NULL AND claimed_until <= ${now}
          ORDER BY created_at, seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE export_outbox o SET claimed_until = ${now + EXPORT_CLAIM_MS}
        FROM picked WHERE o.effect_id = picked.effect_id
        RETURNING o.effect_id, o.payload, o.created_at, o.seq`),
    );
    return r.rows
      .sort((a, b) => a.created_at - b.created_at || a.seq - b.seq)
      .map((row) => ({ effectId: row.effect_id, payload: row.payload, createdAt: row.created_at }));
  }

  async markExported(effectIds: string[], now: number): Promise<void> {
    await this.db.query(
      prepared(sql`UPDATE export_outbox SET delivered_at = ${now}
                   WHERE effect_id = ANY(${effectIds}) AND delivered_at IS NULL`),
    );
  }

  async exportBacklog(): Promise<{ pending: number; oldestCreatedAt: number | null }> {
    const r = await this.db.query<{ n: number; oldest: number | null }>(
      'SELECT count(*)::int AS n, min(created_at) AS oldest FROM export_outbox WHERE delivered_at IS NULL',
    );
    return { pending: r.rows[0]?.n ?? 0, oldestCreatedAt: r.rows[0]?.oldest ?? null };
  }

  reserveSignIn(attempt: SignInAttempt, now: number): Promise<Reservation> {
    return this.signIns.reserveSignIn(attempt, now);
  }

  settleSignIn(attempt: SignInAttempt, settlement: Settlement): Promise<void> {
    return this.signIns.settleSignIn(attempt, settlement);
  }

  pruneSignIns(now: number): Promise<number> {
    return this.signIns.pruneSignIns(now);
  }
}
