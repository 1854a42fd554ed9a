/**
 * `Store.apply` for PostgreSQL, under READ COMMITTED. Per operation, inside one transaction:
 *
 *   claim (user, id) ── conflict ──► wait for the holder's COMMIT, return its record ('existing')
 *        │ claimed
 *   now() > deadline ──► drop the claim ('expired', nothing stored)
 *        │
 *   lock item, decide (core rules), write receipt + effect + journal + export row
 *
 * Claiming first means a concurrent duplicate blocks on the unique key until the winner commits
 * (or rolls back, and then it claims the id itself), and never computes an effect of its own.
 *
 * Round trips (postgres-pipeline.ts): BEGIN, the writers' lock and the first claim-and-read go
 * together; each operation's writes go with the next operation's claim-and-read, the last ones
 * with the COMMIT. A single operation costs two round trips. Changed items are stamped with the
 * transaction id (postgres-revision.ts): no global row, so concurrent commits never queue.
 */
import type { Database } from './postgres-connection';
import { performance } from 'node:perf_hooks';
import type { ItemOp } from '../../protocol/schemas';
import { claimedCodes, decide, type Verdict } from '../core/decide';
import type { ItemState } from '../core/item-state';
import { placesToCheck, type PlaceState } from '../core/place-state';
import { buildReceipt, itemExportPayload, journalEntries, receiptText } from '../core/receipt';
import { catalogueColumns, itemState, stockColumn, type ItemColumns } from './item-row';
import { Pipeline } from './postgres-pipeline';
import { STAMP, writerTransaction } from './postgres-revision';
import { prepared, sql, type Fragment } from './postgres-sql';
import type {
  ApplyOptions,
  ApplyRequest,
  ApplyResult,
  ApplyTiming,
  OperationRecord,
} from './store';
import { SimulatedCrash } from './store-errors';
import { pastDeadline } from '../core/deadline';
import { asItemRequest, isStocktakeRequest, type ItemRequest } from '../core/stocktake-decide';
import { applyStocktakeOp } from './postgres-stocktakes';

/** What one operation writes: its request (an item operation), the decision and the receipt's text. */
export interface Plan {
  request: ItemRequest<ApplyRequest>;
  op: ItemOp;
  verdict: Verdict;
  text: string;
  at: number;
}

/** Deadlock, serialization failure, or a unique item id/SKU taken by a concurrent commit. */
const RETRYABLE = new Set(['40P01', '40001', '23505']);
const MAX_ATTEMPTS = 8;

export interface RecordRow {
  user_id: string;
  id: string;
  fingerprint: string;
  receipt: string;
  deadline: number;
  compacted: boolean;
}
export const toRecord = (r: RecordRow): OperationRecord => ({
  userId: r.user_id,
  operationId: r.id,
  fingerprint: r.fingerprint,
  receipt: r.receipt,
  deadline: r.deadline,
  compacted: r.compacted,
});

/** One operation inside the transaction: its result; its writes may be deferred to the next round trip. */
export type ApplyStep = (
  tx: Pipeline,
  request: ApplyRequest,
  now: () => number,
) => Promise<ApplyResult>;

/** `Store.apply` on PostgreSQL; PostgresOptions.apply can replace it (tests). */
export type ApplyTransaction = (
  db: Database,
  requests: ApplyRequest[],
  options: ApplyOptions,
) => Promise<{ results: ApplyResult[]; timing: ApplyTiming }>;

/** The writers' transaction around `step` for each request, retried on a deadlock or conflict. */
export async function inWriterTransaction(
  db: Database,
  requests: ApplyRequest[],
  options: ApplyOptions,
  step: ApplyStep,
): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const { value: results, commitMs } = await writerTransaction(db, async (tx) => {
        const results: ApplyResult[] = [];
        for (const request of requests) {
          results.push(await step(tx, request, options.now));
        }
        if (options.failBeforeCommit) throw new SimulatedCrash();
        return results;
      });
      return { results, timing: { tx: performance.now() - started - commitMs, commit: commitMs } };
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has(errorCode(error))) continue;
      throw error;
    }
  }
}

/** Reads (and claims) in one round trip; the writes are deferred to the next one. */
export async function claimAndApply(
  tx: Pipeline,
  request: ApplyRequest,
  now: () => number,
): Promise<ApplyResult> {
  if (isStocktakeRequest(request)) {
    return applyStocktakeOp(tx, request, now, (t) => find(t, request.userId, request.operationId));
  }
  const { userId, operationId } = request;
  const read = await claimAndRead(tx, request);
  if (read.kind === 'existing') return read;
  const at = now();
  if (pastDeadline(at, request.deadline)) {
    tx.defer(
      prepared(sql`DELETE FROM operations WHERE user_id = ${userId} AND id = ${operationId}`),
    );
    return { kind: 'expired' };
  }
  const plan = planFor(request, read, at);
  const receipt = sql`UPDATE operations SET receipt = ${plan.text}, recorded_at = ${plan.at}
                      WHERE user_id = ${userId} AND id = ${operationId}`;
  tx.defer(prepared(writePlan(plan, receipt)));
  return { kind: 'committed', receipt: plan.text };
}

/** The core's decision on the item as read, and the receipt it gives. */
export function planFor(sent: ApplyRequest, read: ItemRead, at: number): Plan {
  const request = asItemRequest(sent);
  const { operationId, op } = request;
  const verdict = decide(op, read.item, {
    role: request.role,
    skuOwner: read.skuOwner,
    barcodeOwner: read.barcodeOwner,
    places: read.places,
  });
  const text = receiptText(buildReceipt(operationId, op, verdict, at));
  return { request, op, verdict, text, at };
}

/** `readItem`'s row: the item's columns (all null when there is none) and the code owners. */
interface ItemRow extends Omit<ItemColumns, 'id'> {
  id: string | null;
  sku_owner: string | null;
  barcode_owner: string | null;
  /** JSON array of the places the operation names (other than main). */
  places: string;
}

/**
 * The item as read (null when there is none), who holds the SKU and barcode the op sets, and the
 * places it names (other than main).
 */
export interface ItemRead {
  item: ItemState | null;
  skuOwner: string | null;
  barcodeOwner: string | null;
  places: Record<string, PlaceState>;
}

/**
 * One statement: claim (user, id) with a placeholder receipt and, only when that claimed it, lock
 * and read the item (the lateral join runs after the claim, so locks are always taken claim
 * first, item second). No row back: a record already holds the id, returned as 'existing'.
 */
async function claimAndRead(
  tx: Pipeline,
  request: ApplyRequest,
): Promise<{ kind: 'existing'; record: OperationRecord } | ({ kind: 'read' } & ItemRead)> {
  const r = request;
  const claim = sql`INSERT INTO operations
      (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
    VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, '', ${r.deadline}, 0,
            ${JSON.stringify(r.op)}, ${r.createdAt})
    ON CONFLICT DO NOTHING RETURNING 1 AS claimed`;
  // A conflicting record can vanish between the two statements (removed by the cleanup):
  // claim again.
  for (;;) {
    const read = await readItem(tx, request, claim);
    if (read) return { kind: 'read', ...read };
    const existing = await find(tx, request.userId, request.operationId);
    if (existing) return { kind: 'existing', record: existing };
  }
}

/**
 * Runs `gate` (a statement answering `1 AS claimed` when the read should happen) and then, in the
 * same statement, locks and reads the item; null when the gate answered no row.
 */
export async function readItem(
  tx: Pipeline,
  sent: ApplyRequest,
  gate: Fragment,
): Promise<ItemRead | null> {
  const r = asItemRequest(sent);
  const op = r.op;
  const codes = claimedCodes(op);
  const owner = (column: Fragment, code: string | null) =>
    code === null ? sql`NULL::text` : sql`(SELECT id FROM items WHERE ${column} = ${code})`;
  // The places other than main are held (FOR SHARE) until COMMIT, after the item: an archivePlace
  // (which locks its place FOR UPDATE first, postgres-places.ts) waits for this operation, or
  // this one sees the place archived. The everyday adjustment at main reads no place.
  const named = placesToCheck(op);
  const places =
    named.length === 0
      ? sql`'[]'`
      : sql`(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name,
            'archived', p.archived, 'revision', p.revision)), '[]')::text
          FROM (SELECT id, name, archived, revision FROM places
                WHERE id = ANY(${named}::text[]) AND gate.claimed = 1 FOR SHARE) p)`;
  const read = await tx.send<ItemRow>(
    prepared(sql`WITH gate AS (${gate})
    SELECT i.id, i.sku, i.name, i.location, i.quantity, i.revision, i.barcode,
      i.low_stock_threshold, i.archived, i.field_revisions, i.stock,
      ${owner(sql`sku`, codes.sku)} AS sku_owner,
      ${owner(sql`barcode`, codes.barcode)} AS barcode_owner,
      ${places} AS places
    FROM gate LEFT JOIN LATERAL (
      SELECT id, sku, name, location, quantity, revision, barcode, low_stock_threshold, archived,
        field_revisions, stock FROM items
      WHERE id = ${op.itemId} AND gate.claimed = 1 FOR UPDATE) i ON TRUE`),
  );
  const row = read.rows[0];
  if (!row) return null;
  const { sku_owner: skuOwner, barcode_owner: barcodeOwner, places: placeRows, id, ...rest } = row;
  const byId = Object.fromEntries(
    (JSON.parse(placeRows) as PlaceState[]).map((p) => [p.id, p] as const),
  );
  return {
    item: id === null ? null : itemState({ id, ...rest }),
    skuOwner,
    barcodeOwner,
    places: byId,
  };
}

/** The record holding (user, id), read inside the transaction; null when there is none. */
export async function find(
  tx: Pipeline,
  userId: string,
  operationId: string,
): Promise<OperationRecord | null> {
  const rows = await tx.send<RecordRow>(findRecord(userId, operationId));
  return rows.rows[0] ? toRecord(rows.rows[0]) : null;
}

/** Shared with `findOperation`: one named statement. */
export const findRecord = (userId: string, operationId: string) =>
  prepared(sql`SELECT user_id, id, fingerprint, receipt, deadline, compacted
               FROM operations WHERE user_id = ${userId} AND id = ${operationId}`);

/**
 * `receipt` (the statement that records the receipt) and, for an applied verdict, the effect,
 * journal entry and export row: one statement.
 */
export function writePlan(p: Plan, receipt: Fragment): Fragment {
  const r = p.request;
  const v = p.verdict;
  if (v.outcome !== 'applied') return receipt;
  const { item } = v;
  const c = catalogueColumns(item);
  const stock = stockColumn(item);
  const itemWrite = v.created
    ? sql`INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, changed_xid,
            barcode, low_stock_threshold, archived, field_revisions, stock)
          VALUES (${item.id}, ${item.sku}, ${item.name}, ${item.location}, ${item.quantity},
                  ${item.revision}, ${p.at}, ${STAMP}, ${c.barcode}, ${c.lowStockThreshold},
                  ${item.archived}, ${c.fieldRevisions}, ${stock})`
    : sql`UPDATE items SET quantity = ${item.quantity}, revision = ${item.revision},
          updated_at = ${p.at}, changed_xid = ${STAMP}, sku = ${item.sku}, name = ${item.name},
          location = ${item.location}, barcode = ${c.barcode},
          low_stock_threshold = ${c.lowStockThreshold}, archived = ${item.archived},
          field_revisions = ${c.fieldRevisions}, stock = ${stock} WHERE id = ${item.id}`;
  const payload = itemExportPayload(
    JSON.parse(p.text) as Parameters<typeof itemExportPayload>[0],
    r.userId,
    p.op,
    v,
  );
  // One row per place the operation changed (a transfer: two, source first).
  const rows = journalEntries(r.operationId, p.op, v, p.at).map(
    (j) => sql`(${j.itemId}, ${j.operationId}, ${r.userId}, ${j.type}, ${j.delta},
              ${j.resultingQuantity}, ${j.itemRevision}, ${j.reason}, ${j.note}, ${j.recordedAt},
              ${j.placeId},
              ${j.placeQuantity}::bigint)`,
  );
  const values = rows.slice(1).reduce((all, row) => sql`${all}, ${row}`, rows[0] ?? sql``);
  return sql`WITH item AS (${itemWrite}),
    journal AS (INSERT INTO journal
        (item_id, operation_id, user_id, type, delta, resulting_quantity, item_revision, reason,
         note, recorded_at, place_id, place_quantity)
      VALUES ${values}),
    outbox AS (INSERT INTO export_outbox (effect_id, payload, created_at)
      VALUES (${r.operationId}, ${payload}, ${p.at}))
    ${receipt}`;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}
