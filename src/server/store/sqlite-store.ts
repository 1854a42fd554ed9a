/**
 * The embedded store: better-sqlite3 on one file (sqlite-connection.ts), one process writing at a
 * time. `apply` runs in a group commit (sqlite-group-commit.ts): calls that arrive together share
 * one transaction and one fsync, each request in its own savepoint, applied by the store's
 * `ApplyStep` collaborator (sqlite-apply.ts). The export outbox is sqlite-exports.ts, the sign-in
 * counts sqlite-sign-in.ts, the migrations sqlite-schema.ts.
 */
import type Database from 'better-sqlite3';
import type {
  HistoryEntry,
  HistoryResponse,
  Item,
  ItemsResponse,
  PlacesResponse,
  StocktakeLine,
  StocktakeSummary,
} from '../../protocol/schemas';
import { stockOfNewItem } from '../core/place-state';
import { historyPlace, historyRevision } from './journal-row';
import { listPlaces } from './sqlite-places';
import { isStocktakeRequest, type ReviewLine } from '../core/stocktake-decide';
import { SqliteStocktakes } from './sqlite-stocktakes';
import { COMPACTED_SUFFIX, LIVE_SUFFIX } from '../core/receipt';
import { cleanupCutoffs } from '../core/retention';
import type { Reservation, Settlement, SignInAttempt } from '../core/sign-in-limits';
import { wireItem, type ItemColumns } from './item-row';
import {
  applyOne,
  applyStatements,
  find,
  itemParams,
  toRecord,
  type ApplyStep,
} from './sqlite-apply';
import { openSqliteDatabase, type SqliteConnectionOptions } from './sqlite-connection';
import { GroupCommit } from './sqlite-group-commit';
import { SqliteExports } from './sqlite-exports';
import { schemaVersion, SQLITE_MIGRATIONS } from './sqlite-schema';
import { sqliteSignInCounts } from './sqlite-sign-in';
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

export interface SqliteOptions extends SqliteConnectionOptions {
  /** false: one transaction (and one fsync) per apply call; for the group-commit benchmark. */
  groupCommit?: boolean;
  /**
   * How `apply` handles each request in its savepoint; default `applyOne` (sqlite-apply.ts). The
   * safety suites pass deliberately broken ones (tests/support/broken-stores/) to prove they can
   * see them.
   */
  apply?: ApplyStep;
}

type Row = Record<string, unknown>;

const CLEANUP_CHUNK = 2000;
/** Items that exist without an operation (demo, fixtures) start unarchived, as created. */
const SEEDED_CATALOGUE = { archived: false, fieldRevisions: {} } as const;

export async function openSqliteStore(url: string, options: SqliteOptions = {}): Promise<Store> {
  return new SqliteStore(openSqliteDatabase(url, options), options);
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
const toAccount = (r: Row): StoredAccount => ({
  ...toUser(r),
  lastSignInAt: (r['last_sign_in_at'] as number | null) ?? null,
});

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly latestSchema = SQLITE_MIGRATIONS.length;
  private readonly sql;
  private readonly tx;
  private readonly signIns: SignInCounts;
  private readonly exports: SqliteExports;
  private readonly groups: GroupCommit;
  private readonly stocktakes: SqliteStocktakes;

  constructor(
    private readonly db: Database.Database,
    options: SqliteOptions = {},
  ) {
    this.signIns = sqliteSignInCounts(db);
    this.exports = new SqliteExports(db);
    this.tx = { db, sql: applyStatements(db) };
    const stocktakes = new SqliteStocktakes(db, () => this.tx.sql.nextRevision.get() as number);
    this.stocktakes = stocktakes;
    const step = options.apply ?? applyOne;
    this.groups = new GroupCommit(
      this.tx,
      // A stock-take's steps touch a stock-take and many items: their own adapter, same savepoint.
      (tx, request, now) =>
        isStocktakeRequest(request)
          ? stocktakes.apply(request, now, toRecord)
          : step(tx, request, now),
      (delivered) => this.exports.record(delivered),
      options.groupCommit !== false,
    );
    this.sql = {
      userByName: db.prepare('SELECT * FROM users WHERE name = ?'),
      userById: db.prepare('SELECT * FROM users WHERE id = ?'),
      sessionByHash: db.prepare('SELECT * FROM sessions WHERE token_hash = ?'),
      // Every request reads this. Two point lookups of the session in one statement cost a
      // third of the JOIN's time in better-sqlite3 (~5 against ~15 µs, bench/README.md).
      sessionUser: db.prepare(
        `SELECT (SELECT expires_at FROM sessions WHERE token_hash = @hash) AS expires_at, u.*
         FROM users u WHERE u.id = (SELECT user_id FROM sessions WHERE token_hash = @hash)`,
      ),
      insertSession: db.prepare(
        'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
      ),
      extendSession: db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      revision: db.prepare('SELECT coalesce(max(global_revision), 0) FROM items').pluck(),
    };
  }

  async close(): Promise<void> {
    await this.groups.drained();
    this.db.close();
  }

  async identity(): Promise<DatabaseIdentity> {
    return readIdentity(this.db);
  }

  async schemaVersion(): Promise<number> {
    return schemaVersion(this.db);
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

  async listUsers(): Promise<StoredAccount[]> {
    return (this.db.prepare('SELECT * FROM users ORDER BY name').all() as Row[]).map(toAccount);
  }

  async changeUser(
    name: string,
    change: AccountChange,
    judge: AccountJudge,
  ): Promise<AccountChangeResult> {
    // IMMEDIATE: the write lock from the first read, so the judged count is the one committed.
    return this.db
      .transaction((): AccountChangeResult => {
        const row = this.sql.userByName.get(name) as Row | undefined;
        if (!row) return { kind: 'not-found' };
        const target = toUser(row);
        const others = this.db
          .prepare(
            "SELECT count(*) AS n FROM users WHERE role = 'manager' AND disabled = 0 AND id <> ?",
          )
          .get(target.id) as Row;
        const refusal = judge(target, others['n'] as number);
        if (refusal) return { kind: 'refused', refusal };
        if (change.role !== undefined)
          this.db.prepare('UPDATE users SET role = ? WHERE id = ?').run(change.role, target.id);
        if (change.disabled !== undefined)
          this.db
            .prepare('UPDATE users SET disabled = ? WHERE id = ?')
            .run(change.disabled ? 1 : 0, target.id);
        if (change.passwordHash !== undefined)
          this.db
            .prepare('UPDATE users SET password_hash = ? WHERE id = ?')
            .run(change.passwordHash, target.id);
        if (endsSessions(change))
          this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(target.id);
        return { kind: 'changed', account: toAccount(this.sql.userById.get(target.id) as Row) };
      })
      .immediate();
  }

  async recordSignIn(userId: string, at: number): Promise<void> {
    this.db.prepare('UPDATE users SET last_sign_in_at = ? WHERE id = ?').run(at, userId);
  }

  async upgradePasswordHash(userId: string, from: string, to: string): Promise<void> {
    this.db
      .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?')
      .run(to, userId, from);
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
    const row = this.sql.sessionUser.get({ hash: tokenHash }) as Row | undefined;
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
          const globalRevision = this.tx.sql.nextRevision.get() as number;
          const state = {
            ...item,
            revision: 1,
            ...SEEDED_CATALOGUE,
            barcode: item.barcode ?? null,
            lowStockThreshold: item.lowStockThreshold ?? null,
            stock: stockOfNewItem(item.quantity),
          };
          this.tx.sql.insertItem.run(itemParams(state, now, globalRevision));
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

  async listPlaces(since: number | null): Promise<PlacesResponse> {
    return listPlaces(this.db, since);
  }

  async catalogue(after: string | null, limit: number): Promise<Item[]> {
    const rows = this.db
      .prepare('SELECT * FROM items WHERE id > ? ORDER BY id LIMIT ?')
      .all(after ?? '', limit) as Row[];
    return rows.map((r) => wireItem(r as unknown as ItemColumns, r['updated_at'] as number));
  }

  async listStocktakes(): Promise<StocktakeSummary[]> {
    return this.stocktakes.list();
  }

  async stocktake(
    id: string,
  ): Promise<{ summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null> {
    return this.stocktakes.detail(id);
  }

  async history(
    itemId: string,
    limit: number,
    before: string | null,
  ): Promise<HistoryResponse | null> {
    if (!this.tx.sql.itemById.get(itemId)) return null;
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
        ...historyPlace({
          type: r['type'] as HistoryEntry['type'],
          placeId: (r['place_id'] as string | null) ?? null,
          placeQuantity: (r['place_quantity'] as number | null) ?? null,
          resultingQuantity: r['resulting_quantity'] as number,
        }),
        ...historyRevision((r['item_revision'] as number | null) ?? null),
      })),
      next: rows.length > limit ? String(page[page.length - 1]?.['seq']) : null,
    };
  }

  async findOperation(userId: string, operationId: string): Promise<OperationRecord | null> {
    return find(this.tx, userId, operationId);
  }

  apply(
    requests: ApplyRequest[],
    options: ApplyOptions,
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
    return this.groups.enqueue(requests, options);
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
    // Tombstones by the removal index; a live record (RECEIPT_TTL longer than the grace) by the
    // compaction index: recorded no later than its deadline, its recorded_at is before the cut too.
    const removeChunk = this.db.prepare(
      `DELETE FROM operations WHERE rowid IN
       (SELECT rowid FROM operations WHERE compacted = 1 AND deadline < @cut
        UNION ALL
        SELECT rowid FROM operations WHERE compacted = 0 AND recorded_at < @cut AND deadline < @cut
        LIMIT ${CLEANUP_CHUNK})`,
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
      const n = removeChunk.run({ cut: cut.removeDeadlineBefore }).changes;
      removed += n;
      if (n < CLEANUP_CHUNK) break;
      await new Promise((r) => setImmediate(r));
    }
    return { compacted, removed };
  }

  removeDeliveredExports(deliveredBefore: number): Promise<number> {
    return this.exports.removeDelivered(deliveredBefore);
  }

  async claimExports(limit: number, _now: number): Promise<ExportRow[]> {
    return this.exports.claim(limit);
  }

  /**
   * Recorded in the next group commit, with the operations waiting for it, and resolved after its
   * COMMIT: as durable as a commit of its own, without paying one (an fsync on this thread).
   */
  async markExported(effectIds: string[], now: number): Promise<void> {
    if (effectIds.length === 0) return;
    await this.groups.enqueue([], { now: () => now }, { effectIds, at: now });
  }

  async exportBacklog(): Promise<{ pending: number; oldestCreatedAt: number | null }> {
    return this.exports.backlog();
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
