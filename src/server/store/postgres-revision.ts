/**
 * The global revision behind `GET /api/items?since=n` on PostgreSQL, without a global lock.
 *
 * A writing transaction (apply, seed) stamps each item it changes with its own transaction id
 * (`changed_xid`, xid8 as a number), and holds a SHARED advisory lock WRITERS (keyed by the items
 * table) from before it has a transaction id until it ends. Writers never wait for each other and
 * nothing serialises their commits, so Postgres groups their WAL flushes. Transaction ids are
 * handed out in start order but commit in any order, so a reader cannot simply answer "newest
 * visible stamp + 1": a transaction with a smaller id may still commit after that read.
 *
 * A reader runs two statements, one after the other on one connection:
 *
 *   1. snapshot S1 (xmin1, xmax1), then quiet := pg_try_advisory_xact_lock(WRITERS), an exclusive
 *      try that fails while any writer holds it (released at the statement's end);
 *   2. snapshot S: the items, and newest := the largest stamp visible in S,
 *
 * and answers the horizon h = min(newest + 1, quiet ? xmax1 : xmin1), raised to the caller's own
 * horizon when that is larger (a cursor is never handed back smaller than the one it came with).
 * `since = h` returns the visible items with a stamp ≥ h.
 *
 * Claim: every item change by a transaction W that is not visible in S has stamp x ≥ h, so the
 * next read with since = h returns that item (in its newest state) once W is visible.
 *   - x assigned after S1 was taken: x ≥ xmax1 ≥ xmin1 ≥ h.
 *   - x assigned before S1 and W still running at S (not visible in S; aborted W change nothing):
 *     W was running at S1 too, so x ≥ xmin1. And W held WRITERS from before x until after S, so
 *     it held it at the try-lock (between S1 and S): quiet is false and h ≤ xmin1 ≤ x.
 *   - the caller's horizon was valid for an earlier snapshot, and a change not visible in S was
 *     not visible in that earlier one either, so raising h to it keeps the claim.
 *   - a later writer W' of the same item that is visible in S wrote after W committed, so W' was
 *     not visible at the earlier read either: its stamp is ≥ that read's h too. An item is never
 *     lost behind a newer stamp.
 * Locks are released only after the commit is visible, so "running" covers the whole window.
 *
 * With no writer in flight on these items, h = newest + 1: the revision changes only when an item
 * changes, whatever else the cluster does (other schemas share transaction ids). With writers in
 * flight h may lag (down to the cluster's oldest running transaction id): some items are sent
 * again, none is missed.
 *
 * Existing databases: the old counter's last value is the `base` every cursor is offset by, so a
 * cursor handed out before the change (≤ base) gets every item once, and new cursors are larger.
 * Nothing bumps the counter any more, so the base is read once, when the store opens.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from './postgres-connection';
import type { ItemsResponse } from '../../protocol/schemas';
import { wireItem, type ItemColumns } from './item-row';
import { Pipeline } from './postgres-pipeline';
import { prepared, render, sql, type Fragment } from './postgres-sql';
import type { NewItem } from './store';
import { stockOfNewItem } from '../core/place-state';

/**
 * The advisory lock of "a transaction that may change these items is in flight": an arbitrary
 * class number, and the items table's own id, so every process that stamps or reads one table
 * (whatever its search_path) agrees on the key, and other schemas on the server never interfere.
 */
const WRITERS_KEY = `1459033909, 'items'::regclass::oid::int`;

/** First in every transaction that may stamp items, before anything gives it a transaction id. */
export const WRITER_LOCK = {
  name: 'stockroom_writer_lock',
  text: `SELECT pg_advisory_xact_lock_shared(${WRITERS_KEY})`,
};

/** The stamp of the current transaction, for `items.changed_xid`. */
export const STAMP = sql`pg_current_xact_id()::text::bigint`;

/** Reader statement 1. */
const READ_HORIZON = {
  name: 'stockroom_read_horizon',
  text: `SELECT pg_try_advisory_xact_lock(${WRITERS_KEY}) AS quiet,
  pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin,
  pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS xmax`,
};

interface HorizonRow {
  quiet: boolean;
  xmin: number;
  xmax: number;
}

/** The offset of every cursor: the old counter's last value (it never changes any more). */
export async function cursorBase(db: Database): Promise<number> {
  const r = await db.query<{ value: number }>(
    `SELECT value FROM counters WHERE name = 'items_revision'`,
  );
  return r.rows[0]?.value ?? 0;
}

/**
 * Reader statement 2: the newest visible stamp beside the items stamped at or after `from` (all
 * when null), in one snapshot.
 */
function changedItems(from: number | null): Fragment {
  // The full list leaves archived items out; a `since` list tells clients which were archived.
  const changed = from === null ? sql`NOT i.archived` : sql`i.changed_xid >= ${from}::bigint`;
  // Byte order ("C"), as SQLite.
  return sql`SELECT (SELECT coalesce(max(changed_xid), 0) FROM items) AS newest,
           i.id, i.sku, i.name, i.location, i.quantity, i.revision, i.updated_at, i.barcode,
           i.low_stock_threshold, i.archived, i.field_revisions, i.stock
    FROM (SELECT 1) AS one LEFT JOIN items i ON ${changed}
    ORDER BY i.location COLLATE "C", i.name COLLATE "C", i.id COLLATE "C"`;
}

interface ChangedItemRow extends Omit<ItemColumns, 'id'> {
  newest: number;
  id: string | null;
  updated_at: number;
}

/** The horizon to hand out, before the offset (see the claim above). */
function horizonAfter(read: HorizonRow, newest: number, from: number | null): number {
  const h = Math.min(newest + 1, read.quiet ? read.xmax : read.xmin);
  return from === null ? h : Math.max(h, from);
}

/**
 * `Store.listItems`: the reader's two statements in one round trip, in this order. A cursor is
 * base + horizon; one handed out before the migration (≤ base) asks for every item.
 */
export async function readItems(
  db: Database,
  base: number,
  since: number | null,
): Promise<ItemsResponse> {
  const from = since === null ? null : since - base;
  // Two units, not one transaction: the try-lock of statement 1 must not outlive it.
  const answers = await db.units([db.alone(READ_HORIZON), db.alone(prepared(changedItems(from)))]);
  const horizon = answers[0]?.rows[0] as HorizonRow | undefined;
  const rows = (answers[1]?.rows ?? []) as ChangedItemRow[];
  const head = rows[0];
  if (!horizon || !head) throw new Error('listItems: a statement answered no row');
  const items = rows.flatMap(({ id, ...row }) =>
    id === null ? [] : [wireItem({ id, ...row }, row.updated_at)],
  );
  return { items, revision: base + horizonAfter(horizon, head.newest, from) };
}

/**
 * One writing transaction on a connection of its own: BEGIN and the writer lock travel with the
 * first round trip of `work`, the COMMIT with its last deferred writes (a 201 still waits for the
 * COMMIT's answer); any failure rolls back. Returns `work`'s value and the COMMIT's duration.
 */
export async function writerTransaction<T>(
  db: Database,
  work: (tx: Pipeline) => Promise<T>,
): Promise<{ value: T; commitMs: number }> {
  const client = await db.pool.connect();
  const tx = db.pipeline(client);
  let broken: Error | undefined;
  try {
    for (const statement of db.begin) tx.defer(statement);
    tx.defer(WRITER_LOCK);
    const value = await work(tx);
    const beforeCommit = performance.now();
    const commit = await tx.send('COMMIT');
    if (commit.command !== 'COMMIT') throw new Error(`COMMIT answered ${commit.command}`);
    return { value, commitMs: performance.now() - beforeCommit };
  } catch (error) {
    broken = await tx.rollback();
    throw error;
  } finally {
    client.release(broken);
  }
}

/** `Store.seedItems`: a writer like any other (the lock first, then stamped rows). */
export async function insertItems(db: Database, items: NewItem[], now: number): Promise<void> {
  await writerTransaction(db, async (tx) => {
    for (const i of items) {
      tx.defer(
        render(sql`INSERT INTO items (id, sku, name, location, quantity, revision, updated_at,
                     changed_xid, barcode, low_stock_threshold, stock)
                   VALUES (${i.id}, ${i.sku}, ${i.name}, ${i.location}, ${i.quantity}, 1, ${now},
                           ${STAMP}, ${i.barcode ?? null}, ${i.lowStockThreshold ?? null},
                           ${JSON.stringify(stockOfNewItem(i.quantity))})`),
      );
    }
  });
}
