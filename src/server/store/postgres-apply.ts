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
 * At the end the global revision is bumped once, last, so its row lock is held only to COMMIT.
 */
import type { Pool, PoolClient } from 'pg';
import { performance } from 'node:perf_hooks';
import { decide, type ItemState, type Verdict } from '../core/decide';
import { buildReceipt, exportPayload, journalEntry, receiptText } from '../core/receipt';
import { render, sql, type Fragment } from './postgres-sql';
import type {
  ApplyOptions,
  ApplyRequest,
  ApplyResult,
  ApplyTiming,
  OperationRecord,
} from './store';
import { SimulatedCrash } from './store-errors';

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

export const RECORD_COLUMNS = 'user_id, id, fingerprint, receipt, deadline, compacted';
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
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const results: ApplyResult[] = [];
      const touched = new Set<string>();
      for (const request of requests) {
        results.push(await applyOne(client, variant, request, options.now, touched));
      }
      if (touched.size > 0) await client.query(render(bumpRevision([...touched])));
      if (options.failBeforeCommit) {
        await client.query('ROLLBACK');
        throw new SimulatedCrash();
      }
      const beforeCommit = performance.now();
      await client.query('COMMIT');
      const timing = { tx: beforeCommit - started, commit: performance.now() - beforeCommit };
      return { results, timing };
    } catch (error) {
      if (error instanceof SimulatedCrash) throw error;
      broken = await rollback(client);
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has(errorCode(error))) continue;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

async function applyOne(
  client: PoolClient,
  variant: BrokenVariant | null,
  request: ApplyRequest,
  now: () => number,
  touched: Set<string>,
): Promise<ApplyResult> {
  const { userId, operationId, op } = request;
  if (variant === null) {
    const existing = await claim(client, request);
    if (existing) return { kind: 'existing', record: existing };
  } else if (variant.kind === 'receipt-outside-tx') {
    const existing = await find(client, userId, operationId);
    if (existing) return { kind: 'existing', record: existing };
  }
  const at = now();
  if (at > request.deadline) {
    if (variant === null) {
      await client.query(
        render(sql`DELETE FROM operations WHERE user_id = ${userId} AND id = ${operationId}`),
      );
    }
    return { kind: 'expired' };
  }
  const item = await client.query<ItemState>(
    render(sql`SELECT id, sku, name, location, quantity, revision FROM items
               WHERE id = ${op.itemId} FOR UPDATE`),
  );
  const skuTaken =
    op.type === 'createItem' &&
    (await client.query(render(sql`SELECT 1 FROM items WHERE sku = ${op.sku}`))).rowCount !== 0;
  const verdict = decide(op, item.rows[0] ?? null, skuTaken);
  const plan: Plan = {
    request,
    verdict,
    text: receiptText(buildReceipt(operationId, op, verdict, at)),
    at,
  };
  if (variant?.kind === 'receipt-outside-tx') {
    await variant.outside.query(render(insertReceipt(plan, false)));
  }
  await client.query(render(writePlan(plan, variant)));
  if (verdict.outcome === 'applied') touched.add(op.itemId);
  return { kind: 'committed', receipt: plan.text };
}

/** Claims (user, id) with a placeholder receipt; returns the record that already holds it, if any. */
async function claim(client: PoolClient, r: ApplyRequest): Promise<OperationRecord | null> {
  // A conflicting record can vanish between the two statements (removed by the cleanup): claim again.
  for (;;) {
    const inserted = await client.query(
      render(sql`INSERT INTO operations
                   (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
                 VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, '', ${r.deadline}, 0,
                         ${JSON.stringify(r.op)}, ${r.createdAt})
                 ON CONFLICT DO NOTHING RETURNING 1`),
    );
    if (inserted.rowCount === 1) return null;
    const existing = await find(client, r.userId, r.operationId);
    if (existing) return existing;
  }
}

async function find(
  client: PoolClient,
  userId: string,
  operationId: string,
): Promise<OperationRecord | null> {
  const rows = await client.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM operations WHERE user_id = $1 AND id = $2`,
    [userId, operationId],
  );
  return rows.rows[0] ? toRecord(rows.rows[0]) : null;
}

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
  const itemWrite = v.created
    ? sql`INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, global_revision)
          VALUES (${item.id}, ${item.sku}, ${item.name}, ${item.location}, ${item.quantity},
                  ${item.revision}, ${p.at}, 0)`
    : sql`UPDATE items SET quantity = ${item.quantity}, revision = ${item.revision},
          updated_at = ${p.at} WHERE id = ${item.id}`;
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

/** One new global revision for every item this transaction changed. */
export function bumpRevision(itemIds: string[]): Fragment {
  return sql`WITH c AS (UPDATE counters SET value = value + 1
                        WHERE name = 'items_revision' RETURNING value)
             UPDATE items SET global_revision = (SELECT value FROM c) WHERE id = ANY(${itemIds})`;
}

/** Returns the error to release the connection with when it cannot be trusted any more. */
async function rollback(client: PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}
