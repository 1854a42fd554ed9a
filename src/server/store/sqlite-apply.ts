/**
 * `Store.apply` for SQLite, one request at a time inside the group commit's transaction, in the
 * request's own savepoint (sqlite-group-commit.ts). The writer lock (BEGIN IMMEDIATE) is held
 * throughout, so nothing changes between a lookup and the writes that follow it:
 *
 *   the id has a record ──► that record ('existing')
 *        │ none
 *   now() > deadline ──► 'expired' (nothing stored)
 *        │
 *   read item, decide (core rules), write effect + journal + export row, then the receipt
 *
 * `ApplyStep` is the store's collaborator (`SqliteOptions.apply`, default `applyOne`); the safety
 * suites pass deliberately broken steps built from these parts (tests/support/broken-stores/) to
 * prove they can see them, on the same group commit as production.
 */
import type Database from 'better-sqlite3';
import type { Receipt } from '../../protocol/schemas';
import { claimedCodes, decide, type Verdict } from '../core/decide';
import { pastDeadline } from '../core/deadline';
import type { ItemState } from '../core/item-state';
import { asItemRequest, type ItemRequest } from '../core/stocktake-decide';
import { buildReceipt, itemExportPayload, journalEntries, receiptText } from '../core/receipt';
import { placesToCheck } from '../core/place-state';
import type { ItemOp } from '../../protocol/schemas';
import { isPlaceOp } from '../../protocol/op-item';
import { applyPlaceOp, readPlaces } from './sqlite-places';
import { catalogueColumns, itemState, stockColumn, type ItemColumns } from './item-row';
import type { ApplyRequest, ApplyResult, OperationRecord } from './store';

type Row = Record<string, unknown>;

/** What one request will write, decided inside the transaction. */
export type Plan =
  | { kind: 'done'; result: ApplyResult }
  | {
      kind: 'write';
      request: ItemRequest<ApplyRequest>;
      /** The request's operation: one about an item (place operations are written at once). */
      op: ItemOp;
      verdict: Verdict;
      receiptObject: Receipt;
      receipt: string;
      at: number;
      /** The item as read, to write only what changed. */
      before: ItemState | null;
    };
export type WritePlan = Extract<Plan, { kind: 'write' }>;

/** The statements of the apply path, prepared once per database. */
export function applyStatements(db: Database.Database) {
  return {
    findOperation: db.prepare('SELECT * FROM operations WHERE user_id = ? AND id = ?'),
    itemById: db.prepare('SELECT * FROM items WHERE id = ?'),
    itemBySku: db.prepare('SELECT id FROM items WHERE sku = ?'),
    itemByBarcode: db.prepare('SELECT id FROM items WHERE barcode = ?'),
    // The items revision is the newest item's stamp, read from items_by_global_revision; the
    // writer lock (BEGIN IMMEDIATE) makes "newest + 1" unique to each change.
    nextRevision: db.prepare('SELECT coalesce(max(global_revision), 0) + 1 FROM items').pluck(),
    insertItem: db.prepare(
      `INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, global_revision,
         barcode, low_stock_threshold, archived, field_revisions, stock)
       VALUES (@id, @sku, @name, @location, @quantity, @revision, @updatedAt, @globalRevision,
         @barcode, @lowStockThreshold, @archived, @fieldRevisions, @stock)`,
    ),
    // A change of stock only (adjust, count) leaves the catalogue columns and their unique
    // indexes (sku, barcode) untouched: SQLite rewrites an index entry for every indexed
    // column a statement sets, changed or not.
    updateStock: db.prepare(
      `UPDATE items SET quantity = @quantity, revision = @revision, updated_at = @updatedAt,
       global_revision = @globalRevision, stock = @stock WHERE id = @id`,
    ),
    updateItem: db.prepare(
      `UPDATE items SET quantity = @quantity, revision = @revision, updated_at = @updatedAt,
       global_revision = @globalRevision, sku = @sku, name = @name, location = @location,
       barcode = @barcode, low_stock_threshold = @lowStockThreshold, archived = @archived,
       field_revisions = @fieldRevisions, stock = @stock WHERE id = @id`,
    ),
    insertOperation: db.prepare(
      `INSERT INTO operations
       (user_id, id, fingerprint, receipt, deadline, recorded_at, compacted, op, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    ),
    insertJournal: db.prepare(
      `INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity,
         item_revision, reason, note, recorded_at, place_id, place_quantity)
       VALUES (@itemId, @operationId, @userId, @type, @delta, @resultingQuantity, @itemRevision,
         @reason, @note, @recordedAt, @placeId, @placeQuantity)`,
    ),
    insertExport: db.prepare(
      `INSERT INTO export_outbox (effect_id, payload, created_at) VALUES (?, ?, ?)`,
    ),
  };
}

/** The open transaction a step runs in: its database and the apply path's statements. */
export interface ApplyTx {
  readonly db: Database.Database;
  readonly sql: ReturnType<typeof applyStatements>;
}

/** One request, in its own savepoint of the group's transaction. */
export type ApplyStep = (tx: ApplyTx, request: ApplyRequest, now: () => number) => ApplyResult;

export const toRecord = (r: Row): OperationRecord => ({
  userId: r['user_id'] as string,
  operationId: r['id'] as string,
  fingerprint: r['fingerprint'] as string,
  receipt: r['receipt'] as string,
  deadline: r['deadline'] as number,
  compacted: r['compacted'] === 1,
});

/** An item's row values for the insert and update statements. */
export const itemParams = (item: ItemState, updatedAt: number, globalRevision: number) => ({
  id: item.id,
  sku: item.sku,
  name: item.name,
  location: item.location,
  quantity: item.quantity,
  revision: item.revision,
  archived: item.archived ? 1 : 0,
  ...catalogueColumns(item),
  stock: stockColumn(item),
  updatedAt,
  globalRevision,
});

/** The production step: the record already holding the id, or the request decided and written. */
export const applyOne: ApplyStep = (tx, request, now) => {
  const existing = find(tx, request.userId, request.operationId);
  if (existing) return { kind: 'existing', record: existing };
  const { op } = request;
  if (isPlaceOp(op)) {
    const at = now();
    if (pastDeadline(at, request.deadline)) return { kind: 'expired' };
    return applyPlaceOp(tx.db, request, op, at);
  }
  const plan = planNew(tx, request, now);
  if (plan.kind === 'write') writePlan(tx, plan);
  return planResult(plan);
};

export function find(tx: ApplyTx, userId: string, operationId: string): OperationRecord | null {
  const row = tx.sql.findOperation.get(userId, operationId) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** For an id without a record: expired, or the decision and receipt to write. */
export function planNew(tx: ApplyTx, request: ApplyRequest, now: () => number): Plan {
  const at = now();
  if (pastDeadline(at, request.deadline)) return { kind: 'done', result: { kind: 'expired' } };
  const itemRequest = asItemRequest(request);
  const { op } = itemRequest;
  const row = tx.sql.itemById.get(op.itemId) as Row | undefined;
  const codes = claimedCodes(op);
  const owner = (statement: Database.Statement, code: string | null) =>
    code === null ? null : (((statement.get(code) as Row | undefined)?.['id'] as string) ?? null);
  const before = row ? itemState(row as unknown as ItemColumns) : null;
  const verdict = decide(op, before, {
    role: request.role,
    skuOwner: owner(tx.sql.itemBySku, codes.sku),
    barcodeOwner: owner(tx.sql.itemByBarcode, codes.barcode),
    places: readPlaces(tx.db, placesToCheck(op)),
  });
  const receiptObject = buildReceipt(request.operationId, op, verdict, at);
  return {
    kind: 'write',
    request: itemRequest,
    op,
    verdict,
    receiptObject,
    receipt: receiptText(receiptObject),
    at,
    before,
  };
}

/** The effect (item, journal, export row) and the receipt, in the open savepoint. */
export function writePlan(tx: ApplyTx, plan: WritePlan): void {
  writeEffect(tx, plan);
  writeReceipt(tx, plan);
}

export function writeEffect(tx: ApplyTx, plan: WritePlan): void {
  const { verdict, request, at } = plan;
  if (verdict.outcome !== 'applied') return;
  const globalRevision = tx.sql.nextRevision.get() as number;
  const item = itemParams(verdict.item, at, globalRevision);
  if (verdict.created) tx.sql.insertItem.run(item);
  else if (plan.before && sameCatalogue(plan.before, verdict.item)) {
    const { id, quantity, revision, updatedAt, stock } = item;
    tx.sql.updateStock.run({ id, quantity, revision, updatedAt, globalRevision, stock });
  } else tx.sql.updateItem.run(item);
  // One entry per place the operation changed (a transfer: two, source first).
  for (const entry of journalEntries(request.operationId, plan.op, verdict, at)) {
    tx.sql.insertJournal.run({ ...entry, userId: request.userId });
  }
  tx.sql.insertExport.run(
    request.operationId,
    itemExportPayload(plan.receiptObject, request.userId, plan.op, verdict),
    at,
  );
}

export function writeReceipt(tx: ApplyTx, plan: WritePlan): void {
  const r = plan.request;
  tx.sql.insertOperation.run(
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

export function planResult(plan: Plan): ApplyResult {
  return plan.kind === 'done' ? plan.result : { kind: 'committed', receipt: plan.receipt };
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
