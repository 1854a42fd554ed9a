/**
 * The embedded store: better-sqlite3 in WAL mode, `synchronous=FULL` by default, so a committed
 * receipt survives a crash of the process and of the machine.
 *
 * Group commit: `apply` calls that arrive while the event loop is busy are queued and flushed together
 * in ONE transaction, each call in its own savepoint with its own outcome. A `201` still means
 * durable (every promise resolves only after COMMIT), but the fsync is paid once per group.
 *
 *   apply() ──► pending[] ──setImmediate──► flush: BEGIN IMMEDIATE
 *                                              ├─ SAVEPOINT g1 … RELEASE / ROLLBACK TO (fault)
 *                                              ├─ SAVEPOINT g2 …
 *                                              ├─ export deliveries recorded (markExported)
 *                                              └─ COMMIT ──► resolve every group
 *
 * The export worker's delivery records ride in the same queue: recording them costs no commit
 * (no fsync on the server's thread) of its own while operations are flowing.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type {
  HistoryEntry,
  HistoryResponse,
  Item,
  ItemsResponse,
  Receipt,
  StocktakeLine,
  StocktakeSummary,
} from '../../protocol/schemas';
import {
  asItemRequest,
  isStocktakeRequest,
  type ItemRequest,
  type ReviewLine,
} from '../core/stocktake-decide';
import { SqliteStocktakes } from './sqlite-stocktakes';
import { claimedCodes, decide, type Verdict } from '../core/decide';
import type { ItemState } from '../core/item-state';
import { cleanupCutoffs } from '../core/retention';
import {
  buildReceipt,
  COMPACTED_SUFFIX,
  exportPayload,
  journalEntry,
  LIVE_SUFFIX,
  receiptText,
} from '../core/receipt';
import { catalogueColumns, itemState, wireItem, type ItemColumns } from './item-row';
import { SQLITE_MIGRATIONS } from './sqlite-schema';
import { sqliteSignInCounts } from './sqlite-sign-in';
import type { Reservation, Settlement, SignInAttempt } from '../core/sign-in-limits';
import type {
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
  StoredUser,
  Store,
  UserRow,
} from './store';
import { SimulatedCrash } from './store-errors';
import { ensurePrivateFile } from '../private-files';
import { checkSchema, type MigrateOptions, type Migrated } from './schema-check';
import { pastDeadline } from '../core/deadline';

export interface SqliteOptions extends MigrateOptions {
  synchronous?: 'FULL' | 'NORMAL';
  /** false: one transaction (and one fsync) per apply call; for the group-commit benchmark. */
  groupCommit?: boolean;
}

type Row = Record<string, unknown>;
/** One `apply` call (or one `markExported`: no requests, `delivered` set) waiting for the next flush. */
export interface Group {
  requests: ApplyRequest[];
  options: ApplyOptions;
  /** Export rows to record as delivered at `at`, in this group's savepoint. */
  delivered?: { effectIds: readonly string[]; at: number };
  resolve: (value: { results: ApplyResult[]; timing: ApplyTiming }) => void;
  reject: (error: unknown) => void;
}
/** What one request will write, decided inside the transaction. */
export type Plan =
  | { kind: 'done'; result: ApplyResult }
  | {
      kind: 'write';
      request: ItemRequest<ApplyRequest>;
      verdict: Verdict;
      receiptObject: Receipt;
      receipt: string;
      at: number;
      /** The item as read, to write only what changed. */
      before: ItemState | null;
    };

const CLEANUP_CHUNK = 2000;
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** Claimed export rows remembered for their record: twenty of the worker's batches. */
const CLAIMED_KEPT = 2000;
/** Items that exist without an operation (demo, fixtures) start unarchived, as created. */
const SEEDED_CATALOGUE = { archived: false, fieldRevisions: {} } as const;

export async function openSqliteStore(url: string, options: SqliteOptions = {}): Promise<Store> {
  return new SqliteStore(openSqliteDatabase(url, options), options);
}

/** The database file (or memory) with Stockroom's pragmas, migrated. */
export function openSqliteDatabase(url: string, options: SqliteOptions): Database.Database {
  const path = url.replace(/^sqlite:/, '');
  // MIGRATE=0 on a file that is not there (a typo in DATABASE_URL): refused before anything is made.
  if (path !== ':memory:' && options.migrate === false && !existsSync(path)) {
    checkSchema(0, SQLITE_MIGRATIONS.length, false);
  }
  if (path !== ':memory:') {
    // Only this process's user may read the database (password hashes, sessions, notes): a new
    // file is made 0600 before SQLite opens it, and SQLite gives its -wal and -shm files the
    // same mode (private-files.ts). An existing file keeps the mode its operator chose.
    ensurePrivateFile(path, dirname(path));
  }
  const db = new Database(path);
  // Before any pragma that writes (journal_mode): a newer schema is refused untouched.
  try {
    checkSchema(
      db.pragma('user_version', { simple: true }) as number,
      SQLITE_MIGRATIONS.length,
      options.migrate ?? true,
    );
  } catch (error) {
    db.close();
    throw error;
  }
  // The busy timeout first: another process starting on the same fresh file may hold the lock
  // while it switches to WAL or migrates (WORKERS=n).
  db.pragma('busy_timeout = 10000');
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  // A checkpoint (WAL pages copied into the database file, then that file fsynced) runs inside
  // the COMMIT that crosses this many WAL pages, on the server's thread. At SQLite's default
  // (1,000 pages) a stream of small commits checkpoints every ~50 group commits, copying the same
  // hot pages each time; 10,000 pages (~40 MiB of WAL) copies each hot page once per ten times as
  // many commits. Durability is the WAL's fsync at every COMMIT either way.
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = ON');
  try {
    const migrated = migrate(db, options.migrate ?? true);
    options.onMigrated?.(migrated);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Read the version inside the write lock, so two processes starting together migrate once (and a
 * newer build that migrated in between is noticed: the check runs again here).
 */
function migrate(db: Database.Database, allowed: boolean): Migrated {
  return db
    .transaction(() => {
      const version = db.pragma('user_version', { simple: true }) as number;
      checkSchema(version, SQLITE_MIGRATIONS.length, allowed);
      if (version === SQLITE_MIGRATIONS.length) return { from: version, to: version };
      SQLITE_MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
      db.pragma(`user_version = ${SQLITE_MIGRATIONS.length}`);
      return { from: version, to: SQLITE_MIGRATIONS.length };
    })
    .immediate();
}

/** The one row of `database_identity` (also read from a backup copy by the restore command). */
export function readIdentity(db: Database.Database): DatabaseIdentity {
  const row = db
    .prepare('SELECT epoch, restored_from_taken_at FROM database_identity WHERE id = 1')
    .get() as { epoch: string; restored_from_taken_at: string | null };
  return {
    epoch: row.epoch,
    restoredFrom:
      row.restored_from_taken_at === null ? null : { takenAt: row.restored_from_taken_at },
  };
}

const toUser = (r: Row): StoredUser => ({
  id: r['id'] as string,
  name: r['name'] as string,
  role: r['role'] as UserRow['role'],
  passwordHash: r['password_hash'] as string,
  disabled: r['disabled'] === 1,
});
const toRecord = (r: Row): OperationRecord => ({
  userId: r['user_id'] as string,
  operationId: r['id'] as string,
  fingerprint: r['fingerprint'] as string,
  receipt: r['receipt'] as string,
  deadline: r['deadline'] as number,
  compacted: r['compacted'] === 1,
});
const toItemState = (r: Row): ItemState => itemState(r as unknown as ItemColumns);
/** An item's row values for the insert and update statements. */
const itemParams = (item: ItemState, updatedAt: number, globalRevision: number) => ({
  id: item.id,
  sku: item.sku,
  name: item.name,
  location: item.location,
  quantity: item.quantity,
  revision: item.revision,
  archived: item.archived ? 1 : 0,
  ...catalogueColumns(item),
  updatedAt,
  globalRevision,
});

/**
 * The protected steps (`commit`, `plan`, `planNew`, `writeEffect`, `writeReceipt`) are where the
 * safety suites' deliberately broken subclasses (tests/support/broken-stores/) change the rules.
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly latestSchema = SQLITE_MIGRATIONS.length;
  private pending: Group[] = [];
  private flushScheduled = false;
  private readonly sql;
  private readonly signIns: SignInCounts;
  private readonly stocktakes: SqliteStocktakes;
  /**
   * Every export row with `seq` ≤ this is delivered (rows are appended in commit order and a
   * delivered row is never pending again), so claims scan from here instead of using an index.
   * Per process: another process's deliveries only leave it lower than it could be, never wrong.
   */
  private exportFloor = 0;
  /** The seq of each export row this process claimed and has not recorded yet (bounded). */
  private readonly claimed = new Map<string, number>();

  constructor(
    protected readonly db: Database.Database,
    private readonly options: SqliteOptions,
  ) {
    this.signIns = sqliteSignInCounts(db);
    this.stocktakes = new SqliteStocktakes(db, () => this.sql.nextRevision.get() as number);
    this.sql = {
      userByName: db.prepare('SELECT * FROM users WHERE name = ?'),
      userById: db.prepare('SELECT * FROM users WHERE id = ?'),
      sessionByHash: db.prepare('SELECT * FROM sessions WHERE token_hash = ?'),
      sessionUser: db.prepare(
        `SELECT s.expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = ?`,
      ),
      insertSession: db.prepare(
        'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
      ),
      extendSession: db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      findOperation: db.prepare('SELECT * FROM operations WHERE user_id = ? AND id = ?'),
      itemById: db.prepare('SELECT * FROM items WHERE id = ?'),
      itemBySku: db.prepare('SELECT id FROM items WHERE sku = ?'),
      itemByBarcode: db.prepare('SELECT id FROM items WHERE barcode = ?'),
      // The items revision is the newest item's stamp, read from items_by_global_revision; the
      // writer lock (BEGIN IMMEDIATE) makes "newest + 1" unique to each change.
      nextRevision: db.prepare('SELECT coalesce(max(global_revision), 0) + 1 FROM items').pluck(),
      revision: db.prepare('SELECT coalesce(max(global_revision), 0) FROM items').pluck(),
      insertItem: db.prepare(
        `INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, global_revision,
           barcode, low_stock_threshold, archived, field_revisions)
         VALUES (@id, @sku, @name, @location, @quantity, @revision, @updatedAt, @globalRevision,
           @barcode, @lowStockThreshold, @archived, @fieldRevisions)`,
      ),
      // A change of stock only (adjust, count) leaves the catalogue columns and their unique
      // indexes (sku, barcode) untouched: SQLite rewrites an index entry for every indexed
      // column a statement sets, changed or not.
      updateStock: db.prepare(
        `UPDATE items SET quantity = @quantity, revision = @revision, updated_at = @updatedAt,
         global_revision = @globalRevision WHERE id = @id`,
      ),
      updateItem: db.prepare(
        `UPDATE items SET quantity = @quantity, revision = @revision, updated_at = @updatedAt,
         global_revision = @globalRevision, sku = @sku, name = @name, location = @location,
         barcode = @barcode, low_stock_threshold = @lowStockThreshold, archived = @archived,
         field_revisions = @fieldRevisions WHERE id = @id`,
      ),
      insertOperation: db.prepare(
        `INSERT INTO operations
         (user_id, id, fingerprint, receipt, deadline, recorded_at, compacted, op, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      ),
      insertJournal: db.prepare(
        `INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity, item_revision, reason, note, recorded_at)
         VALUES (@itemId, @operationId, @userId, @type, @delta, @resultingQuantity, @itemRevision, @reason, @note, @recordedAt)`,
      ),
      insertExport: db.prepare(
        `INSERT INTO export_outbox (effect_id, payload, created_at) VALUES (?, ?, ?)`,
      ),
      pendingExports: db.prepare(
        `SELECT seq, effect_id, payload, created_at FROM export_outbox
         WHERE seq > ? AND delivered_at IS NULL ORDER BY seq LIMIT ?`,
      ),
      lastExport: db.prepare('SELECT max(seq) FROM export_outbox').pluck(),
      markBySeq: db.prepare(
        'UPDATE export_outbox SET delivered_at = ? WHERE seq = ? AND delivered_at IS NULL',
      ),
      // For an id this process did not claim: a scan of the rows not known to be delivered.
      markByScan: db.prepare(
        `UPDATE export_outbox SET delivered_at = ? WHERE seq > ? AND effect_id = ?
         AND delivered_at IS NULL`,
      ),
      exportBacklog: db.prepare(
        `SELECT count(*) AS n, min(created_at) AS oldest FROM export_outbox
         WHERE seq > ? AND delivered_at IS NULL`,
      ),
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      savepoint: db.prepare('SAVEPOINT request'),
      release: db.prepare('RELEASE request'),
      rollbackTo: db.prepare('ROLLBACK TO request'),
    };
  }

  async close(): Promise<void> {
    while (this.pending.length || this.flushScheduled) await new Promise((r) => setImmediate(r));
    this.db.close();
  }

  async identity(): Promise<DatabaseIdentity> {
    return readIdentity(this.db);
  }

  async schemaVersion(): Promise<number> {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  async removeExpiredSessions(now: number): Promise<number> {
    return this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now).changes;
  }

  async countUsers(): Promise<number> {
    return (this.db.prepare('SELECT count(*) AS n FROM users').get() as Row)['n'] as number;
  }

  async insertUser(user: UserRow): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        'INSERT INTO users (id, name, role, password_hash) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(user.id, user.name, user.role, user.passwordHash);
    return changes === 1;
  }

  async userByName(name: string): Promise<StoredUser | null> {
    const row = this.sql.userByName.get(name) as Row | undefined;
    return row ? toUser(row) : null;
  }

  async userById(id: string): Promise<StoredUser | null> {
    const row = this.sql.userById.get(id) as Row | undefined;
    return row ? toUser(row) : null;
  }

  async listUsers(): Promise<StoredUser[]> {
    return (this.db.prepare('SELECT * FROM users ORDER BY name').all() as Row[]).map(toUser);
  }

  async setPasswordHash(userId: string, passwordHash: string, endSessions: boolean): Promise<void> {
    this.db
      .transaction(() => {
        this.db
          .prepare('UPDATE users SET password_hash = ? WHERE id = ?')
          .run(passwordHash, userId);
        if (endSessions) this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
      })
      .immediate();
  }

  async upgradePasswordHash(userId: string, from: string, to: string): Promise<void> {
    this.db
      .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?')
      .run(to, userId, from);
  }

  async setUserDisabled(userId: string, disabled: boolean): Promise<void> {
    this.db
      .transaction(() => {
        this.db.prepare('UPDATE users SET disabled = ? WHERE id = ?').run(disabled ? 1 : 0, userId);
        if (disabled) this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
      })
      .immediate();
  }

  async insertSession(s: SessionRow): Promise<void> {
    this.sql.insertSession.run(s.tokenHash, s.userId, s.expiresAt);
  }

  async sessionByHash(tokenHash: string): Promise<SessionRow | null> {
    const row = this.sql.sessionByHash.get(tokenHash) as Row | undefined;
    return row
      ? {
          tokenHash: row['token_hash'] as string,
          userId: row['user_id'] as string,
          expiresAt: row['expires_at'] as number,
        }
      : null;
  }

  async sessionUser(tokenHash: string): Promise<{ session: SessionRow; user: StoredUser } | null> {
    const row = this.sql.sessionUser.get(tokenHash) as Row | undefined;
    if (!row) return null;
    const user = toUser(row);
    return {
      session: { tokenHash, userId: user.id, expiresAt: row['expires_at'] as number },
      user,
    };
  }

  async extendSession(tokenHash: string, expiresAt: number): Promise<void> {
    this.sql.extendSession.run(expiresAt, tokenHash);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.sql.deleteSession.run(tokenHash);
  }

  async seedItems(items: NewItem[], now: number): Promise<void> {
    this.db
      .transaction(() => {
        for (const item of items) {
          const globalRevision = this.sql.nextRevision.get() as number;
          const state = {
            ...item,
            revision: 1,
            ...SEEDED_CATALOGUE,
            barcode: item.barcode ?? null,
            lowStockThreshold: item.lowStockThreshold ?? null,
          };
          this.sql.insertItem.run(itemParams(state, now, globalRevision));
        }
      })
      .immediate();
  }

  async listItems(since: number | null): Promise<ItemsResponse> {
    const read = this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT * FROM items WHERE global_revision > ? AND (? OR archived = 0)
           ORDER BY location, name, id`,
        )
        .all(since ?? -1, since === null ? 0 : 1) as Row[];
      const revision = this.sql.revision.get() as number;
      return { rows, revision };
    });
    const { rows, revision } = read();
    return {
      revision,
      items: rows.map((r) => wireItem(r as unknown as ItemColumns, r['updated_at'] as number)),
    };
  }

  async catalogue(after: string | null, limit: number): Promise<Item[]> {
    const rows = this.db
      .prepare('SELECT * FROM items WHERE id > ? ORDER BY id LIMIT ?')
      .all(after ?? '', limit) as Row[];
    return rows.map((r) => wireItem(r as unknown as ItemColumns, r['updated_at'] as number));
  }

  async history(
    itemId: string,
    limit: number,
    before: string | null,
  ): Promise<HistoryResponse | null> {
    if (!this.sql.itemById.get(itemId)) return null;
    const cursor =
      before !== null && /^\d+$/.test(before) ? Number(before) : Number.MAX_SAFE_INTEGER;
    const rows = this.db
      .prepare(
        `SELECT j.*, u.name AS user_name FROM journal j JOIN users u ON u.id = j.user_id
         WHERE j.item_id = ? AND j.seq < ? ORDER BY j.seq DESC LIMIT ?`,
      )
      .all(itemId, cursor, limit + 1) as Row[];
    const page = rows.slice(0, limit);
    return {
      entries: page.map((r) => ({
        operationId: r['operation_id'] as string,
        userName: r['user_name'] as string,
        type: r['type'] as HistoryEntry['type'],
        delta: r['delta'] as number,
        resultingQuantity: r['resulting_quantity'] as number,
        reason: (r['reason'] as string | null) ?? null,
        note: (r['note'] as string | null) ?? null,
        recordedAt: new Date(r['recorded_at'] as number).toISOString(),
      })),
      next: rows.length > limit ? String(page[page.length - 1]?.['seq']) : null,
    };
  }

  async listStocktakes(): Promise<StocktakeSummary[]> {
    return this.stocktakes.list();
  }

  async stocktake(
    id: string,
  ): Promise<{ summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null> {
    return this.stocktakes.detail(id);
  }

  async findOperation(userId: string, operationId: string): Promise<OperationRecord | null> {
    const row = this.sql.findOperation.get(userId, operationId) as Row | undefined;
    return row ? toRecord(row) : null;
  }

  apply(
    requests: ApplyRequest[],
    options: ApplyOptions,
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
    return this.enqueue(requests, options);
  }

  private enqueue(
    requests: ApplyRequest[],
    options: ApplyOptions,
    delivered?: Group['delivered'],
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ requests, options, resolve, reject, ...(delivered && { delivered }) });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const groups =
      this.options.groupCommit === false ? this.pending.splice(0, 1) : this.pending.splice(0);
    if (this.pending.length) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    this.commit(groups);
  }

  /** One transaction for the groups, each in its own savepoint; settles every group's promise. */
  protected commit(groups: Group[]): void {
    const started = performance.now();
    const outcomes: { group: Group; results?: ApplyResult[]; error?: unknown }[] = [];
    try {
      this.sql.begin.run();
      for (const group of groups) {
        this.sql.savepoint.run();
        try {
          const results = group.requests.map((r) => this.applyOne(r, group.options.now));
          if (group.delivered) this.recordDelivered(group.delivered);
          if (group.options.failBeforeCommit) throw new SimulatedCrash();
          this.sql.release.run();
          outcomes.push({ group, results });
        } catch (error) {
          this.sql.rollbackTo.run();
          this.sql.release.run();
          outcomes.push({ group, error });
        }
      }
      const beforeCommit = performance.now();
      this.sql.commit.run();
      const timing = { tx: beforeCommit - started, commit: performance.now() - beforeCommit };
      for (const { group, results, error } of outcomes) {
        if (results) group.resolve({ results, timing });
        else group.reject(error);
      }
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      groups.forEach((g) => g.reject(error));
    }
  }

  private applyOne(request: ApplyRequest, now: () => number): ApplyResult {
    if (isStocktakeRequest(request)) return this.stocktakes.apply(request, now, toRecord);
    const plan = this.plan(request, now);
    if (plan.kind === 'write') {
      this.writeEffect(plan);
      this.writeReceipt(plan);
    }
    return planResult(plan);
  }

  /** The record already holding the id, or what this request will write. */
  protected plan(request: ApplyRequest, now: () => number): Plan {
    const existing = this.sql.findOperation.get(request.userId, request.operationId) as
      Row | undefined;
    if (existing) return { kind: 'done', result: { kind: 'existing', record: toRecord(existing) } };
    return this.planNew(request, now);
  }

  /** For an id without a record: expired, or the decision and receipt to write. */
  protected planNew(request: ApplyRequest, now: () => number): Plan {
    const at = now();
    if (pastDeadline(at, request.deadline)) return { kind: 'done', result: { kind: 'expired' } };
    const itemRequest = asItemRequest(request);
    const { op } = itemRequest;
    const row = this.sql.itemById.get(op.itemId) as Row | undefined;
    const codes = claimedCodes(op);
    const owner = (statement: Database.Statement, code: string | null) =>
      code === null ? null : (((statement.get(code) as Row | undefined)?.['id'] as string) ?? null);
    const before = row ? toItemState(row) : null;
    const verdict = decide(op, before, {
      role: request.role,
      skuOwner: owner(this.sql.itemBySku, codes.sku),
      barcodeOwner: owner(this.sql.itemByBarcode, codes.barcode),
    });
    const receiptObject = buildReceipt(request.operationId, op, verdict, at);
    return {
      kind: 'write',
      request: itemRequest,
      verdict,
      receiptObject,
      receipt: receiptText(receiptObject),
      at,
      before,
    };
  }

  protected writeEffect(plan: Extract<Plan, { kind: 'write' }>): void {
    const { verdict, request, at } = plan;
    if (verdict.outcome !== 'applied') return;
    const globalRevision = this.sql.nextRevision.get() as number;
    const item = itemParams(verdict.item, at, globalRevision);
    if (verdict.created) this.sql.insertItem.run(item);
    else if (plan.before && sameCatalogue(plan.before, verdict.item)) {
      const { id, quantity, revision, updatedAt } = item;
      this.sql.updateStock.run({ id, quantity, revision, updatedAt, globalRevision });
    } else this.sql.updateItem.run(item);
    this.sql.insertJournal.run({
      ...journalEntry(request.operationId, request.op, verdict, at),
      userId: request.userId,
    });
    this.sql.insertExport.run(
      request.operationId,
      exportPayload(plan.receiptObject, request.userId),
      at,
    );
  }

  protected writeReceipt(plan: Extract<Plan, { kind: 'write' }>): void {
    const r = plan.request;
    this.sql.insertOperation.run(
      r.userId,
      r.operationId,
      r.fingerprint,
      plan.receipt,
      r.deadline,
      plan.at,
      JSON.stringify(r.op),
      r.createdAt,
    );
  }

  async cleanup(
    now: number,
    policy: RetentionPolicy,
  ): Promise<{ compacted: number; removed: number }> {
    // Small chunks, each its own short transaction, so operations never wait long behind cleanup.
    const compactChunk = this.db.prepare(
      `UPDATE operations
       SET receipt = substr(receipt, 1, length(receipt) - ${LIVE_SUFFIX.length}) || '${COMPACTED_SUFFIX}',
           compacted = 1, op = NULL, created_at = NULL
       WHERE (user_id, id) IN
         (SELECT user_id, id FROM operations WHERE compacted = 0 AND recorded_at < ? LIMIT ${CLEANUP_CHUNK})`,
    );
    const removeChunk = this.db.prepare(
      `DELETE FROM operations WHERE (user_id, id) IN
       (SELECT user_id, id FROM operations WHERE deadline < ? LIMIT ${CLEANUP_CHUNK})`,
    );
    const cut = cleanupCutoffs(now, policy);
    let compacted = 0;
    let removed = 0;
    for (;;) {
      const n = compactChunk.run(cut.compactRecordedBefore).changes;
      compacted += n;
      if (n < CLEANUP_CHUNK) break;
      await new Promise((r) => setImmediate(r));
    }
    for (;;) {
      const n = removeChunk.run(cut.removeDeadlineBefore).changes;
      removed += n;
      if (n < CLEANUP_CHUNK) break;
      await new Promise((r) => setImmediate(r));
    }
    return { compacted, removed };
  }

  async removeDeliveredExports(deliveredBefore: number): Promise<number> {
    // Never the newest row: `seq` is a plain rowid, and SQLite gives a new row max(seq) + 1, so
    // removing the newest one would hand its seq out again, below a worker's `exportFloor`.
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

  async claimExports(limit: number, _now: number): Promise<ExportRow[]> {
    // One read snapshot: every row before the first pending one is delivered (and stays so);
    // with none pending, every row there is now. Rows committed later get larger seqs.
    const rows = this.db.transaction(() => {
      const found = this.sql.pendingExports.all(this.exportFloor, limit) as Row[];
      const first = found[0];
      this.exportFloor = first
        ? (first['seq'] as number) - 1
        : ((this.sql.lastExport.get() as number | null) ?? this.exportFloor);
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

  /**
   * Recorded in the next group commit, with the operations waiting for it, and resolved after its
   * COMMIT: as durable as before, without a commit (and an fsync on this thread) of its own.
   */
  async markExported(effectIds: string[], now: number): Promise<void> {
    if (effectIds.length === 0) return;
    await this.enqueue([], { now: () => now }, { effectIds, at: now });
  }

  private recordDelivered({ effectIds, at }: NonNullable<Group['delivered']>): void {
    for (const id of effectIds) {
      const seq = this.claimed.get(id);
      if (seq === undefined) this.sql.markByScan.run(at, this.exportFloor, id);
      else this.sql.markBySeq.run(at, seq);
      this.claimed.delete(id);
    }
  }

  async exportBacklog(): Promise<{ pending: number; oldestCreatedAt: number | null }> {
    const row = this.sql.exportBacklog.get(this.exportFloor) as Row;
    return {
      pending: row['n'] as number,
      oldestCreatedAt: (row['oldest'] as number | null) ?? null,
    };
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

/** Whether every catalogue column (all but stock and revisions) is as it was. */
function sameCatalogue(a: ItemState, b: ItemState): boolean {
  const ca = catalogueColumns(a);
  const cb = catalogueColumns(b);
  return (
    a.sku === b.sku &&
    a.name === b.name &&
    a.location === b.location &&
    a.archived === b.archived &&
    ca.barcode === cb.barcode &&
    ca.lowStockThreshold === cb.lowStockThreshold &&
    ca.fieldRevisions === cb.fieldRevisions
  );
}

export function planResult(plan: Plan): ApplyResult {
  return plan.kind === 'done' ? plan.result : { kind: 'committed', receipt: plan.receipt };
}
