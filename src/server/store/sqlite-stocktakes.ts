/**
 * Stock-takes on SQLite: the reads and writes around the pure rules of core/stocktake-decide.ts.
 * `apply` runs inside the store's group-commit transaction (sqlite-store.ts), in the request's
 * savepoint, so a stock-take operation is exactly once like every other: receipt, effect, journal
 * and export row commit together.
 */
import type Database from 'better-sqlite3';
import type {
  StartStocktakeOp,
  StocktakeLine,
  StocktakeOp,
  StocktakeSummary,
} from '../../protocol/schemas';
import { MAIN_PLACE } from '../../protocol/schemas';
import { pastDeadline } from '../core/deadline';
import { receiptText } from '../core/receipt';
import {
  applyChanges,
  decideStocktake,
  review,
  stocktakeExportPayload,
  stocktakeNote,
  stocktakeReceipt,
  type ReviewLine,
  type ScopeItem,
  type StocktakeChange,
  type StocktakeState,
} from '../core/stocktake-decide';
import { countedFromRevision } from '../core/stocktake-apply';
import type { Role } from '../core/roles';
import { itemState, stockColumn, type ItemColumns } from './item-row';
import { readPlaces } from './sqlite-places';
import type { ApplyRequest, ApplyResult, OperationRecord } from './store';
import {
  toCountLine,
  toState,
  toSummary,
  toWireLine,
  type LineColumns,
  type StocktakeColumns,
  type StocktakeListColumns,
} from './stocktake-row';

type Row = Record<string, unknown>;

export class SqliteStocktakes {
  private readonly sql;

  constructor(
    private readonly db: Database.Database,
    /** The next items revision (the writer lock makes it unique to each change). */
    private readonly nextRevision: () => number,
  ) {
    this.sql = {
      find: db.prepare('SELECT * FROM operations WHERE user_id = ? AND id = ?'),
      stocktake: db.prepare('SELECT * FROM stocktakes WHERE id = ?'),
      item: db.prepare('SELECT * FROM items WHERE id = ?'),
      inScope: db.prepare('SELECT 1 FROM stocktake_scope WHERE stocktake_id = ? AND item_id = ?'),
      insertStocktake: db.prepare(
        `INSERT INTO stocktakes (id, name, place_id, blind, status, started_at, started_by)
         VALUES (?, ?, ?, ?, 'open', ?, ?)`,
      ),
      scopeAll: db.prepare(
        `INSERT INTO stocktake_scope (stocktake_id, item_id)
         SELECT ?, id FROM items WHERE archived = 0`,
      ),
      scopeOne: db.prepare(
        'INSERT OR IGNORE INTO stocktake_scope (stocktake_id, item_id) VALUES (?, ?)',
      ),
      insertLine: db.prepare(
        `INSERT INTO stocktake_lines (stocktake_id, item_id, user_id, operation_id, counted,
           based_on_revision, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      finish: db.prepare('UPDATE stocktakes SET status = ?, finished_at = ? WHERE id = ?'),
      scopeItems: db.prepare(
        `SELECT i.* FROM stocktake_scope s JOIN items i ON i.id = s.item_id
         WHERE s.stocktake_id = ? ORDER BY i.location, i.name, i.id`,
      ),
      lines: db.prepare(
        `SELECT l.*, u.name AS user_name FROM stocktake_lines l JOIN users u ON u.id = l.user_id
         WHERE l.stocktake_id = ? ORDER BY l.seq`,
      ),
      // The changes at the place (entries from before places were all at main).
      changesSince: db.prepare(
        `SELECT item_revision, delta FROM journal
         WHERE item_id = ? AND item_revision > ? AND coalesce(place_id, 'main') = ? ORDER BY seq`,
      ),
      updateStock: db.prepare(
        `UPDATE items SET quantity = ?, revision = ?, updated_at = ?, global_revision = ?, stock = ?
         WHERE id = ?`,
      ),
      insertJournal: db.prepare(
        `INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity,
           item_revision, reason, note, recorded_at, place_id, place_quantity)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'stocktake', ?, ?, ?, ?)`,
      ),
      insertExport: db.prepare(
        'INSERT INTO export_outbox (effect_id, payload, created_at) VALUES (?, ?, ?)',
      ),
      insertOperation: db.prepare(
        `INSERT INTO operations
         (user_id, id, fingerprint, receipt, deadline, recorded_at, compacted, op, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      ),
      list: db.prepare(
        `SELECT s.*, u.name AS started_by_name,
           (SELECT count(*) FROM stocktake_scope c WHERE c.stocktake_id = s.id) AS scope,
           (SELECT count(DISTINCT item_id) FROM stocktake_lines l WHERE l.stocktake_id = s.id)
             AS counted
         FROM stocktakes s JOIN users u ON u.id = s.started_by
         WHERE ? IS NULL OR s.id = ?
         ORDER BY s.started_at DESC, s.id`,
      ),
    };
  }

  /** One stock-take operation, inside the caller's transaction (and savepoint). */
  apply(
    request: ApplyRequest & { op: StocktakeOp },
    now: () => number,
    toRecord: (row: Row) => OperationRecord,
  ): ApplyResult {
    const existing = this.sql.find.get(request.userId, request.operationId) as Row | undefined;
    if (existing) return { kind: 'existing', record: toRecord(existing) };
    const at = now();
    if (pastDeadline(at, request.deadline)) return { kind: 'expired' };
    const { op } = request;
    const stocktake = this.state(op.stocktakeId);
    const verdict = decideStocktake(op, {
      role: request.role as Role,
      stocktake,
      place:
        op.type === 'startStocktake'
          ? (readPlaces(this.db, [op.placeId])[op.placeId] ?? null)
          : null,
      unknownItem: op.type === 'startStocktake' && this.anyUnknown(op),
      inScope:
        op.type === 'stocktakeCount' &&
        this.sql.inScope.get(op.stocktakeId, op.itemId) !== undefined,
    });
    let changes: StocktakeChange[] = [];
    if (verdict.outcome === 'applied') {
      changes = this.write(request, at, stocktake);
      this.sql.insertExport.run(
        request.operationId,
        stocktakeExportPayload(request.operationId, request.userId, op, changes, at),
        at,
      );
    }
    const receipt = receiptText(stocktakeReceipt(request.operationId, op, verdict, at));
    this.sql.insertOperation.run(
      request.userId,
      request.operationId,
      request.fingerprint,
      receipt,
      request.deadline,
      at,
      JSON.stringify(op),
      request.createdAt,
    );
    return { kind: 'committed', receipt };
  }

  private write(
    request: ApplyRequest & { op: StocktakeOp },
    at: number,
    stocktake: StocktakeState | null,
  ): StocktakeChange[] {
    const { op, userId, operationId } = request;
    switch (op.type) {
      case 'startStocktake':
        this.sql.insertStocktake.run(
          op.stocktakeId,
          op.name,
          op.placeId,
          op.blind ? 1 : 0,
          at,
          userId,
        );
        if (op.itemIds) for (const id of op.itemIds) this.sql.scopeOne.run(op.stocktakeId, id);
        else this.sql.scopeAll.run(op.stocktakeId);
        return [];
      case 'stocktakeCount':
        this.sql.insertLine.run(
          op.stocktakeId,
          op.itemId,
          userId,
          operationId,
          op.counted,
          op.basedOnRevision,
          at,
        );
        return [];
      case 'cancelStocktake':
        this.sql.finish.run('cancelled', at, op.stocktakeId);
        return [];
      case 'applyStocktake': {
        // decideStocktake applied it, so the stock-take exists and is open.
        const name = stocktake?.name ?? op.stocktakeId;
        const placeId = stocktake?.placeId ?? MAIN_PLACE;
        const changes = applyChanges(this.scope(op.stocktakeId, placeId), op.uncounted, placeId);
        for (const c of changes) {
          this.sql.updateStock.run(
            c.item.quantity,
            c.item.revision,
            at,
            this.nextRevision(),
            stockColumn(c.item),
            c.item.id,
          );
          this.sql.insertJournal.run(
            c.item.id,
            operationId,
            userId,
            op.type,
            c.delta,
            c.item.quantity,
            c.item.revision,
            stocktakeNote(name),
            at,
            placeId,
            c.placeQuantity,
          );
        }
        this.sql.finish.run('applied', at, op.stocktakeId);
        return changes;
      }
    }
  }

  private anyUnknown(op: StartStocktakeOp): boolean {
    return (op.itemIds ?? []).some((id) => this.sql.item.get(id) === undefined);
  }

  private state(id: string): StocktakeState | null {
    const row = this.sql.stocktake.get(id) as StocktakeColumns | undefined;
    return row ? toState(row) : null;
  }

  /** Every item in scope with its lines and the changes at the place since its counters' revision. */
  private scope(stocktakeId: string, placeId: string): ScopeItem[] {
    const lines = (this.sql.lines.all(stocktakeId) as LineColumns[]).map(toCountLine);
    const byItem = Map.groupBy(lines, (l) => l.itemId);
    return (this.sql.scopeItems.all(stocktakeId) as Row[]).map((row) => {
      const item = itemState(row as unknown as ItemColumns);
      const itemLines = byItem.get(item.id) ?? [];
      const from = countedFromRevision(itemLines);
      const changes =
        from === null
          ? []
          : (this.sql.changesSince.all(item.id, from, placeId) as Row[]).map((r) => ({
              revision: r['item_revision'] as number,
              delta: r['delta'] as number,
            }));
      return { item, current: item.stock[placeId] ?? 0, lines: itemLines, changes };
    });
  }

  list(): StocktakeSummary[] {
    return (this.sql.list.all(null, null) as StocktakeListColumns[]).map(toSummary);
  }

  detail(
    id: string,
  ): { summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null {
    // One read snapshot: the summary, the lines and the review agree.
    return this.db.transaction(() => {
      const row = this.sql.list.get(id, id) as StocktakeListColumns | undefined;
      if (!row) return null;
      const lines = (this.sql.lines.all(id) as LineColumns[]).map(toWireLine);
      return {
        summary: toSummary(row),
        lines,
        review: review(this.scope(id, row.place_id), 'leave'),
      };
    })();
  }
}
