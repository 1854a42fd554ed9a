/**
 * Stock-takes on PostgreSQL: the reads and writes around the pure rules of core/stocktake-decide.ts,
 * inside the writers' transaction of postgres-apply.ts (claim first, like every operation).
 *
 * Locks, under READ COMMITTED: a count takes the stock-take's row FOR SHARE and an apply or cancel
 * FOR UPDATE, so a count either commits before the apply reads the lines or sees the stock-take
 * closed; an apply then locks the items in scope (in id order) before it reads their stock and
 * journal, so a sale either is in the journal it reads or waits and lands on the applied quantity.
 */
import type {
  StartStocktakeOp,
  StocktakeLine,
  StocktakeOp,
  StocktakeSummary,
} from '../../protocol/schemas';
import { MAIN_PLACE } from '../../protocol/schemas';
import { pastDeadline } from '../core/deadline';
import { receiptText } from '../core/receipt';
import type { Role } from '../core/roles';
import { countedFromRevision } from '../core/stocktake-apply';
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
  type StocktakeStatus,
} from '../core/stocktake-decide';
import { itemState, stockColumn, type ItemColumns } from './item-row';
import type { Database } from './postgres-connection';
import type { Pipeline } from './postgres-pipeline';
import { STAMP } from './postgres-revision';
import { prepared, render, sql } from './postgres-sql';
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

/** One stock-take operation inside the writers' transaction, after the claim of its id. */
export async function applyStocktakeOp(
  tx: Pipeline,
  request: ApplyRequest & { op: StocktakeOp },
  now: () => number,
  find: (tx: Pipeline) => Promise<OperationRecord | null>,
): Promise<ApplyResult> {
  const r = request;
  const { op } = r;
  const claim = await tx.send(
    prepared(sql`INSERT INTO operations
      (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
    VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, '', ${r.deadline}, 0,
            ${JSON.stringify(op)}, ${r.createdAt})
    ON CONFLICT DO NOTHING RETURNING 1 AS claimed`),
  );
  if (claim.rowCount === 0) {
    const existing = await find(tx);
    // Removed by the cleanup between the two statements: claim again.
    if (!existing) return applyStocktakeOp(tx, request, now, find);
    return { kind: 'existing', record: existing };
  }
  const at = now();
  if (pastDeadline(at, r.deadline)) {
    await tx.send(
      prepared(sql`DELETE FROM operations WHERE user_id = ${r.userId} AND id = ${r.operationId}`),
    );
    return { kind: 'expired' };
  }
  const lock = op.type === 'stocktakeCount' ? sql`FOR SHARE` : sql`FOR UPDATE`;
  const found = await tx.send<StocktakeColumns>(
    render(sql`SELECT id, name, place_id, blind, status FROM stocktakes
               WHERE id = ${op.stocktakeId} ${lock}`),
  );
  const stocktake = found.rows[0] ? toState(found.rows[0]) : null;
  const verdict = decideStocktake(op, {
    role: r.role as Role,
    stocktake,
    place: op.type === 'startStocktake' ? await placeFact(tx, op.placeId) : null,
    unknownItem: op.type === 'startStocktake' && (await anyUnknown(tx, op)),
    inScope: op.type === 'stocktakeCount' && (await inScope(tx, op.stocktakeId, op.itemId)),
  });
  if (verdict.outcome === 'applied') {
    const changes = await write(tx, r, at, stocktake);
    const payload = stocktakeExportPayload(r.operationId, r.userId, op, changes, at);
    tx.defer(
      prepared(sql`INSERT INTO export_outbox (effect_id, payload, created_at)
                   VALUES (${r.operationId}, ${payload}, ${at})`),
    );
  }
  const receipt = receiptText(stocktakeReceipt(r.operationId, op, verdict, at));
  tx.defer(
    prepared(sql`UPDATE operations SET receipt = ${receipt}, recorded_at = ${at}
                 WHERE user_id = ${r.userId} AND id = ${r.operationId}`),
  );
  return { kind: 'committed', receipt };
}

async function write(
  tx: Pipeline,
  r: ApplyRequest & { op: StocktakeOp },
  at: number,
  stocktake: StocktakeState | null,
): Promise<StocktakeChange[]> {
  const { op } = r;
  switch (op.type) {
    case 'startStocktake':
      tx.defer(
        prepared(sql`INSERT INTO stocktakes (id, name, place_id, blind, status, started_at, started_by)
          VALUES (${op.stocktakeId}, ${op.name}, ${op.placeId}, ${op.blind}, 'open', ${at},
                  ${r.userId})`),
      );
      tx.defer(
        op.itemIds
          ? render(sql`INSERT INTO stocktake_scope (stocktake_id, item_id)
              SELECT ${op.stocktakeId}, unnest(${op.itemIds}::text[]) ON CONFLICT DO NOTHING`)
          : render(sql`INSERT INTO stocktake_scope (stocktake_id, item_id)
              SELECT ${op.stocktakeId}, id FROM items WHERE NOT archived`),
      );
      return [];
    case 'stocktakeCount':
      tx.defer(
        prepared(sql`INSERT INTO stocktake_lines (stocktake_id, item_id, user_id, operation_id,
            counted, based_on_revision, recorded_at)
          VALUES (${op.stocktakeId}, ${op.itemId}, ${r.userId}, ${r.operationId}, ${op.counted},
                  ${op.basedOnRevision}, ${at})`),
      );
      return [];
    case 'cancelStocktake':
      tx.defer(finish(op.stocktakeId, 'cancelled', at));
      return [];
    case 'applyStocktake': {
      // Lock the items first, then read: the stock and journal read are the ones the writes follow.
      await tx.send(
        render(sql`SELECT i.id FROM items i JOIN stocktake_scope s ON s.item_id = i.id
                   WHERE s.stocktake_id = ${op.stocktakeId} ORDER BY i.id FOR UPDATE OF i`),
      );
      const placeId = stocktake?.placeId ?? MAIN_PLACE;
      const scope = await readScope(tx, op.stocktakeId, placeId);
      const changes = applyChanges(scope, op.uncounted, placeId);
      const note = stocktakeNote(stocktake?.name ?? op.stocktakeId);
      for (const c of changes) {
        tx.defer(
          prepared(sql`WITH item AS (UPDATE items SET quantity = ${c.item.quantity},
              revision = ${c.item.revision}, updated_at = ${at}, changed_xid = ${STAMP},
              stock = ${stockColumn(c.item)}
              WHERE id = ${c.item.id})
            INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity,
              item_revision, reason, note, recorded_at, place_id, place_quantity)
            VALUES (${c.item.id}, ${r.operationId}, ${r.userId}, ${op.type}, ${c.delta},
                    ${c.item.quantity}, ${c.item.revision}, 'stocktake', ${note}, ${at},
                    ${placeId}, ${c.placeQuantity})`),
        );
      }
      tx.defer(finish(op.stocktakeId, 'applied', at));
      return changes;
    }
  }
}

const finish = (id: string, status: StocktakeStatus, at: number) =>
  prepared(sql`UPDATE stocktakes SET status = ${status}, finished_at = ${at} WHERE id = ${id}`);

async function anyUnknown(tx: Pipeline, op: StartStocktakeOp): Promise<boolean> {
  if (!op.itemIds) return false;
  const known = await tx.send<{ n: number }>(
    render(sql`SELECT count(*)::int AS n FROM items WHERE id = ANY(${op.itemIds}::text[])`),
  );
  return (known.rows[0]?.n ?? 0) < new Set(op.itemIds).size;
}

async function inScope(tx: Pipeline, stocktakeId: string, itemId: string): Promise<boolean> {
  const found = await tx.send(
    prepared(sql`SELECT 1 FROM stocktake_scope
                 WHERE stocktake_id = ${stocktakeId} AND item_id = ${itemId}`),
  );
  return (found.rowCount ?? 0) > 0;
}

/** The items in scope with their count lines and the changes since their counters' revision. */
async function readScope(
  q: { send: Pipeline['send'] },
  stocktakeId: string,
  placeId: string,
): Promise<ScopeItem[]> {
  const [lineRows, itemRows, journalRows] = await Promise.all([
    q.send<LineColumns>(linesOf(stocktakeId)),
    q.send<ItemColumns>(
      render(sql`SELECT i.id, i.sku, i.name, i.location, i.quantity, i.revision, i.barcode,
          i.low_stock_threshold, i.archived, i.field_revisions, i.stock
        FROM stocktake_scope s JOIN items i ON i.id = s.item_id
        WHERE s.stocktake_id = ${stocktakeId} ORDER BY i.location, i.name, i.id`),
    ),
    // Every journal entry of a counted item after the earliest revision any of its lines saw.
    q.send<{ item_id: string; item_revision: number; delta: number }>(
      render(sql`SELECT j.item_id, j.item_revision, j.delta FROM journal j
        JOIN (SELECT item_id, min(based_on_revision) AS from_revision FROM stocktake_lines
              WHERE stocktake_id = ${stocktakeId} GROUP BY item_id) c ON c.item_id = j.item_id
        WHERE j.item_revision > c.from_revision AND coalesce(j.place_id, 'main') = ${placeId}
        ORDER BY j.seq`),
    ),
  ]);
  const lines = Map.groupBy(lineRows.rows.map(toCountLine), (l) => l.itemId);
  const changes = Map.groupBy(journalRows.rows, (j) => j.item_id);
  return itemRows.rows.map((row) => {
    const item = itemState(row);
    const itemLines = lines.get(item.id) ?? [];
    const from = countedFromRevision(itemLines);
    return {
      item,
      current: item.stock[placeId] ?? 0,
      lines: itemLines,
      changes:
        from === null
          ? []
          : (changes.get(item.id) ?? []).map((j) => ({
              revision: j.item_revision,
              delta: j.delta,
            })),
    };
  });
}

const linesOf = (stocktakeId: string) =>
  prepared(sql`SELECT l.operation_id, l.item_id, l.user_id, u.name AS user_name, l.counted,
      l.based_on_revision, l.recorded_at
    FROM stocktake_lines l JOIN users u ON u.id = l.user_id
    WHERE l.stocktake_id = ${stocktakeId} ORDER BY l.seq`);

const summaries = (id: string | null) =>
  render(sql`SELECT s.id, s.name, s.place_id, s.blind, s.status, s.started_at,
      u.name AS started_by_name,
      (SELECT count(*)::int FROM stocktake_scope c WHERE c.stocktake_id = s.id) AS scope,
      (SELECT count(DISTINCT item_id)::int FROM stocktake_lines l WHERE l.stocktake_id = s.id)
        AS counted
    FROM stocktakes s JOIN users u ON u.id = s.started_by
    WHERE ${id}::text IS NULL OR s.id = ${id}
    ORDER BY s.started_at DESC, s.id`);

export async function listStocktakes(db: Database): Promise<StocktakeSummary[]> {
  const r = await db.query<StocktakeListColumns>(summaries(null));
  return r.rows.map(toSummary);
}

/** One stock-take, read in one REPEATABLE READ snapshot so its parts agree. */
export async function stocktakeDetail(
  db: Database,
  id: string,
): Promise<{ summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null> {
  const client = await db.pool.connect();
  const tx = db.pipeline(client);
  let broken: Error | undefined;
  try {
    // db.begin is BEGIN and, behind a pooler, the schema: the snapshot's level goes with BEGIN.
    tx.defer('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const statement of db.begin.slice(1)) tx.defer(statement);
    const found = await tx.send<StocktakeListColumns>(summaries(id));
    const row = found.rows[0];
    if (!row) {
      await tx.send('COMMIT');
      return null;
    }
    const lines = await tx.send<LineColumns>(linesOf(id));
    const scope = await readScope(tx, id, row.place_id);
    await tx.send('COMMIT');
    return {
      summary: toSummary(row),
      lines: lines.rows.map(toWireLine),
      review: review(scope, 'leave'),
    };
  } catch (error) {
    broken = await tx.rollback();
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The stock-take's place as it stands (held until COMMIT, so an archive waits for the start). */
async function placeFact(tx: Pipeline, placeId: string): Promise<{ archived: boolean } | null> {
  const found = await tx.send<{ archived: boolean }>(
    render(sql`SELECT archived FROM places WHERE id = ${placeId} FOR SHARE`),
  );
  return found.rows[0] ?? null;
}
