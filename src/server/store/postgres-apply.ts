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
import type { Pool } from 'pg';
import { performance } from 'node:perf_hooks';
import { claimedCodes, decide, type Verdict } from '../core/decide';
import type { ItemState } from '../core/item-state';
import { buildReceipt, exportPayload, journalEntry, receiptText } from '../core/receipt';
import { catalogueColumns, itemState, type ItemColumns } from './item-row';
import { Pipeline } from './postgres-pipeline';
import { STAMP, writerTransaction } from './postgres-revision';
import { prepared, render, sql, type Fragment } from './postgres-sql';
import type {
  ApplyOptions,
  ApplyRequest,
  ApplyResult,
  ApplyTiming,
  OperationRecord,
} from './store';
import { SimulatedCrash } from './store-errors';
import { pastDeadline } from '../core/deadline';

/**
 * Test-only broken variants that the safety suites must catch. Never set in production.
 * `receipt-outside-tx` commits each receipt on its own through a separate pool (`outside`), so a
 * transaction never waits for a connection of its own pool.
 */
export type BrokenVariant = { kind: 'no-dedup' } | { kind: 'receipt-outside-tx'; outside: Pool };

interface Plan {
  request: ApplyRequest;
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

export async function applyInTransaction(
  pool: Pool,
  variant: BrokenVariant | null,
  requests: ApplyRequest[],
  options: ApplyOptions,
): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const { value: results, commitMs } = await writerTransaction(pool, async (tx) => {
        const results: ApplyResult[] = [];
        for (const request of requests) {
          results.push(await applyOne(tx, variant, request, options.now));
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
async function applyOne(
  tx: Pipeline,
  variant: BrokenVariant | null,
  request: ApplyRequest,
  now: () => number,
): Promise<ApplyResult> {
  const { userId, operationId, op } = request;
  if (variant?.kind === 'receipt-outside-tx') {
    const existing = await find(tx, userId, operationId);
    if (existing) return { kind: 'existing', record: existing };
  }
  const read = await claimAndRead(tx, request, variant === null);
  if (read.kind === 'existing') return read;
  const at = now();
  if (pastDeadline(at, request.deadline)) {
    if (variant === null) {
      tx.defer(
        prepared(sql`DELETE FROM operations WHERE user_id = ${userId} AND id = ${operationId}`),
      );
    }
    return { kind: 'expired' };
  }
  const verdict = decide(op, read.item, {
    role: request.role,
    skuOwner: read.skuOwner,
    barcodeOwner: read.barcodeOwner,
  });
  const plan: Plan = {
    request,
    verdict,
    text: receiptText(buildReceipt(operationId, op, verdict, at)),
    at,
  };
  if (variant?.kind === 'receipt-outside-tx') {
    await variant.outside.query(render(insertReceipt(plan, false)));
  }
  tx.defer(prepared(writePlan(plan, variant)));
  return { kind: 'committed', receipt: plan.text };
}

/** The item (all null when there is none) and who holds the SKU and barcode the op sets. */
interface ItemRow extends Omit<ItemColumns, 'id'> {
  id: string | null;
  sku_owner: string | null;
  barcode_owner: string | null;
}

/**
 * One statement: claim (user, id) with a placeholder receipt and, only when that claimed it, lock
 * and read the item (the lateral join runs after the claim, so locks are always taken claim
 * first, item second). No row back: a record already holds the id, returned as 'existing'.
 * Without `claim` (the broken variants) it only locks and reads the item.
 */
async function claimAndRead(
  tx: Pipeline,
  request: ApplyRequest,
  claim: boolean,
): Promise<
  | { kind: 'existing'; record: OperationRecord }
  | { kind: 'read'; item: ItemState | null; skuOwner: string | null; barcodeOwner: string | null }
> {
  // A conflicting record can vanish between the two statements (removed by the cleanup):
  // claim again.
  for (;;) {
    const read = await tx.send<ItemRow>(prepared(readItem(request, claim)));
    const row = read.rows[0];
    if (row) {
      const { sku_owner: skuOwner, barcode_owner: barcodeOwner, id, ...rest } = row;
      const item = id === null ? null : itemState({ id, ...rest });
      return { kind: 'read', item, skuOwner, barcodeOwner };
    }
    const existing = await find(tx, request.userId, request.operationId);
    if (existing) return { kind: 'existing', record: existing };
  }
}

function readItem(r: ApplyRequest, claim: boolean): Fragment {
  const gate = claim
    ? sql`INSERT INTO operations
            (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
          VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, '', ${r.deadline}, 0,
                  ${JSON.stringify(r.op)}, ${r.createdAt})
          ON CONFLICT DO NOTHING RETURNING 1 AS claimed`
    : sql`SELECT 1 AS claimed`;
  const codes = claimedCodes(r.op);
  const owner = (column: Fragment, code: string | null) =>
    code === null ? sql`NULL::text` : sql`(SELECT id FROM items WHERE ${column} = ${code})`;
  return sql`WITH gate AS (${gate})
    SELECT i.id, i.sku, i.name, i.location, i.quantity, i.revision, i.barcode,
      i.low_stock_threshold, i.archived, i.field_revisions,
      ${owner(sql`sku`, codes.sku)} AS sku_owner,
      ${owner(sql`barcode`, codes.barcode)} AS barcode_owner
    FROM gate LEFT JOIN LATERAL (
      SELECT id, sku, name, location, quantity, revision, barcode, low_stock_threshold, archived,
        field_revisions FROM items
      WHERE id = ${r.op.itemId} AND gate.claimed = 1 FOR UPDATE) i ON TRUE`;
}

async function find(
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

function insertReceipt(p: Plan, upsert: boolean): Fragment {
  const r = p.request;
  const onConflict = upsert
    ? sql`ON CONFLICT (user_id, id) DO UPDATE SET receipt = EXCLUDED.receipt`
    : sql`ON CONFLICT DO NOTHING`;
  return sql`INSERT INTO operations
               (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
             VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, ${p.text}, ${r.deadline},
                     ${p.at}, ${JSON.stringify(r.op)}, ${r.createdAt})
             ${onConflict}`;
}

/** The receipt, and for an applied verdict the effect, journal entry and export row: one statement. */
function writePlan(p: Plan, variant: BrokenVariant | null): Fragment {
  const r = p.request;
  const receipt =
    variant?.kind === 'receipt-outside-tx'
      ? sql`SELECT 1`
      : variant?.kind === 'no-dedup'
        ? insertReceipt(p, true)
        : sql`UPDATE operations SET receipt = ${p.text}, recorded_at = ${p.at}
              WHERE user_id = ${r.userId} AND id = ${r.operationId}`;
  const v = p.verdict;
  if (v.outcome !== 'applied') return receipt;
  const { item } = v;
  const c = catalogueColumns(item);
  const itemWrite = v.created
    ? sql`INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, changed_xid,
            barcode, low_stock_threshold, archived, field_revisions)
          VALUES (${item.id}, ${item.sku}, ${item.name}, ${item.location}, ${item.quantity},
                  ${item.revision}, ${p.at}, ${STAMP}, ${c.barcode}, ${c.lowStockThreshold},
                  ${item.archived}, ${c.fieldRevisions})`
    : sql`UPDATE items SET quantity = ${item.quantity}, revision = ${item.revision},
          updated_at = ${p.at}, changed_xid = ${STAMP}, sku = ${item.sku}, name = ${item.name},
          location = ${item.location}, barcode = ${c.barcode},
          low_stock_threshold = ${c.lowStockThreshold}, archived = ${item.archived},
          field_revisions = ${c.fieldRevisions} WHERE id = ${item.id}`;
  const j = journalEntry(r.operationId, r.op, v, p.at);
  const payload = exportPayload(
    JSON.parse(p.text) as Parameters<typeof exportPayload>[0],
    r.userId,
  );
  const exportConflict = variant?.kind === 'no-dedup' ? sql`ON CONFLICT DO NOTHING` : sql``;
  return sql`WITH item AS (${itemWrite}),
    journal AS (INSERT INTO journal
        (item_id, operation_id, user_id, type, delta, resulting_quantity, reason, note, recorded_at)
      VALUES (${j.itemId}, ${j.operationId}, ${r.userId}, ${j.type}, ${j.delta},
              ${j.resultingQuantity}, ${j.reason}, ${j.note}, ${j.recordedAt})),
    outbox AS (INSERT INTO export_outbox (effect_id, payload, created_at)
      VALUES (${r.operationId}, ${payload}, ${p.at}) ${exportConflict})
    ${receipt}`;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}
