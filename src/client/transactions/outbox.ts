/**
 * The outbox's transactions, each one atomic over the storage port: decide (enqueue), claim an
 * attempt before it is sent, settle what came back. No network inside any of them: the sender
 * awaits the network between two transactions.
 */
import type { Op, Receipt } from '../../protocol/schemas';
import type { BackoffPolicy } from '../core/retry-policy';
import { summarize } from '../core/summary';
import {
  initialState,
  next,
  type OpEvent,
  type OpState,
  type StoredOpState,
} from '../core/operation-state';
import type { Tx } from '../store/local-store';
import type { AttemptEnd, LeaseRecord, OperationRecord } from '../core/records';
import { PENDING_END, withEnds, type AttemptStart } from '../core/attempt-rows';
import { resolvable } from '../core/rules';
import { allocateId } from './leases';
import { takeOrder } from './meta';
import { project } from './projection';
import { addClaims, dropClaims } from './claims';
import {
  getOperation,
  getOperations,
  getOperationsById,
  putOperation,
  queueRange,
} from './record-index';
import { started } from '../core/claims';
import { opItemId } from '../../protocol/op-item';

export interface Author {
  userId: string;
  userName: string;
}

export type EnqueueResult =
  { kind: 'saved'; record: OperationRecord; lease: LeaseRecord } | { kind: 'no-lease' };

/** The decision: an id from the freshest lease and the operation, written together. */
export async function enqueue(tx: Tx, author: Author, op: Op, now: number): Promise<EnqueueResult> {
  const itemId = opItemId(op);
  // Independent requests in parallel: the person is waiting for this transaction.
  const [allocated, item, order] = await Promise.all([
    allocateId(tx, author.userId),
    itemId === null || op.type === 'createItem' ? undefined : tx.get('items', itemId),
    takeOrder(tx, now),
  ]);
  if (!allocated) return { kind: 'no-lease' };
  const record: OperationRecord = {
    id: allocated.id,
    handle: allocated.id,
    userId: author.userId,
    userName: author.userName,
    order,
    leaseId: allocated.lease.id,
    op,
    createdAt: now,
    summary: summarize(op, item?.name ?? null),
    state: initialState(now),
    sendAttempts: 0,
    imported: null,
    resolution: null,
  };
  await putOperation(tx, record);
  return { kind: 'saved', record, lease: allocated.lease };
}

/**
 * The same intent as a NEW operation (new id); a count is re-based on the stock seen now. With
 * `edited` (what the person changed in the prefilled form), that is the new operation instead: of
 * the same type, and on the same item except for a new item (whose id follows its SKU).
 */
export async function enterAgain(
  tx: Tx,
  author: Author,
  id: string,
  now: number,
  edited?: Op,
): Promise<EnqueueResult | { kind: 'not-allowed' }> {
  const old = await getOperation(tx, id);
  if (!old || old.userId !== author.userId || !resolvable(old)) return { kind: 'not-allowed' };
  if (
    edited &&
    (edited.type !== old.op.type ||
      (edited.type !== 'createItem' && opItemId(edited) !== opItemId(old.op)))
  ) {
    return { kind: 'not-allowed' };
  }
  let op = edited ?? old.op;
  if (!edited && op.type === 'count') {
    const item = await tx.get('items', op.itemId);
    if (item) op = { ...op, basedOnRevision: item.revision };
  }
  const result = await enqueue(tx, author, op, now);
  if (result.kind === 'saved') {
    await putOperation(tx, {
      ...old,
      resolution: { kind: 'entered-again', newOperationId: result.record.id, at: now },
    });
  }
  return result;
}

export async function discard(
  tx: Tx,
  userId: string,
  id: string,
  note: string,
  now: number,
): Promise<boolean> {
  const record = await getOperation(tx, id);
  if (!record || record.userId !== userId || !resolvable(record)) return false;
  await putOperation(tx, { ...record, resolution: { kind: 'discarded', note, at: now } });
  return true;
}

/**
 * The next work for the sender, in creation order, and the leases it needs; the queue from
 * creation order `from` on (the sender plans the batch after one in flight from behind it), up to
 * `queueLimit` of it (the sender reads the rest a page per transaction).
 */
export async function readWork(
  tx: Tx,
  userId: string,
  limit: number,
  from = -Infinity,
  queueLimit = limit,
): Promise<{ queue: OperationRecord[]; checks: OperationRecord[]; leases: LeaseRecord[] }> {
  const [{ queue, leases }, checks] = await Promise.all([
    readBehind(tx, userId, from, queueLimit),
    getOperations(tx, 'checks', queueRange(userId), limit),
  ]);
  return { queue, checks, leases };
}

/** The queue from creation order `from` on, up to `limit` of it, and the leases it needs. */
export async function readBehind(
  tx: Tx,
  userId: string,
  from: number,
  limit: number,
): Promise<{ queue: OperationRecord[]; leases: LeaseRecord[] }> {
  const [queue, leases] = await Promise.all([
    readQueuePage(tx, userId, 'queue', from, limit),
    tx.getAllFromIndex('leases', 'byUser', userId),
  ]);
  return { queue, leases };
}

/** What starts a round: see `beginRound`. */
export interface RoundRestart {
  all: boolean;
  resendId: string | null;
  recheck?: boolean;
}

/**
 * Up to `limit` of the user's operations in the `queue`, `checks` or `restart` index, from
 * creation order `from` on: a round's start reads them a page per transaction
 * (`changedByRoundStart`), so no transaction of it spans the whole queue.
 */
export function readQueuePage(
  tx: Tx,
  userId: string,
  index: 'queue' | 'checks' | 'restart',
  from: number,
  limit: number,
): Promise<OperationRecord[]> {
  return getOperations(tx, index, { lower: [userId, from], upper: [userId, Infinity] }, limit);
}

/** The state a round's start gives an operation (the same state: unchanged). */
function restarted(
  record: OperationRecord,
  at: number,
  policy: BackoffPolicy,
  restart: RoundRestart,
): OpState {
  let state: OpState = next(record.state, { type: 'orphaned', at }, policy);
  if (restart.all) state = next(state, { type: 'new-round', at }, policy);
  else if (restart.recheck) state = next(state, { type: 'recheck', at }, policy);
  if (record.id === restart.resendId) {
    state = next(state, { type: 'resend-requested', at }, policy);
  }
  return state;
}

/** The ids of these operations whose state a round's start changes. */
export function changedByRoundStart(
  records: readonly OperationRecord[],
  at: number,
  policy: BackoffPolicy,
  restart: RoundRestart,
): string[] {
  return records.filter((r) => restarted(r, at, policy, restart) !== r.state).map((r) => r.id);
}

/**
 * The start of a sender round for these operations, under the sender lock: anything still marked
 * in flight was left by a sender that is gone (closed tab), so its outcome is unknown; a new round
 * (online again, app start, "Check and resend safely") restarts the automatic attempts; a recheck
 * gives resting work one more. Each is read again here: a person's change since the page was read
 * (a discard) counts.
 */
export async function beginRound(
  tx: Tx,
  userId: string,
  ids: readonly string[],
  at: number,
  policy: BackoffPolicy,
  restart: RoundRestart,
): Promise<void> {
  const records = await getOperationsById(tx, userId, ids);
  // Their sender is gone (tab closed): for the timeline, the connection dropped with it, unless
  // the attempt's end was stored already (a batch settled part-way).
  const dropped: AttemptEnd = { ...PENDING_END, endedAt: at, result: 'network-error' };
  const orphans: AttemptEnding[] = [];
  const writes = records.flatMap((record) => {
    if (!record || record.userId !== userId || record.resolution !== null) return [];
    const state = restarted(record, at, policy, restart);
    if (state === record.state) return [];
    const s = record.state;
    if (s.kind === 'sending' || s.kind === 'checking') {
      const kind = s.kind === 'sending' || s.via === 'resend' ? 'send' : 'status';
      const attempt = { attemptId: s.attemptId, kind, at: s.since } as const;
      orphans.push({ id: record.id, attempt, end: dropped });
    }
    return [putOperation(tx, { ...record, state: stored(state) })];
  });
  // Claims still standing are a gone sender's too: what they carried is read as in flight above.
  await Promise.all([...writes, recordEnds(tx, orphans, false), dropClaims(tx, ids)]);
}

function stored(state: OpState): StoredOpState {
  if (state.kind === 'finishing') throw new Error('finishing is never stored');
  return state;
}

/** How an attempt ended for one of its operations. */
export interface AttemptEnding {
  id: string;
  attempt: AttemptStart;
  end: AttemptEnd;
}

/**
 * Record how attempts ended for these operations: one row per attempt, read and written once
 * however many of its operations end here (`replace` false: an end already stored stays).
 */
async function recordEnds(tx: Tx, ends: readonly AttemptEnding[], replace = true): Promise<void> {
  const byAttempt = new Map<string, { attempt: AttemptStart; ends: Map<string, AttemptEnd> }>();
  for (const { id, attempt, end } of ends) {
    const group = byAttempt.get(attempt.attemptId) ?? { attempt, ends: new Map() };
    group.ends.set(id, end);
    byAttempt.set(attempt.attemptId, group);
  }
  const groups = [...byAttempt.values()];
  const rows = await Promise.all(groups.map((g) => tx.get('attempts', g.attempt.attemptId)));
  await Promise.all(
    groups.map((g, i) => tx.put('attempts', withEnds(rows[i], g.attempt, g.ends, replace))),
  );
}

/**
 * Record the attempt durably BEFORE it is sent: one put of the claims record, however many
 * operations it carries (core/claims.ts; every read sees them in flight from then on, and a send
 * counts in `sendAttempts`, which freezes the id). Only operations still in a state that may
 * start this attempt are claimed (another tab may have re-keyed, settled or cancelled them
 * meanwhile). `read`: these operations as read in THIS transaction (the batch planned in it),
 * so they are not read again. Returns them as claimed.
 */
export async function claim(
  tx: Tx,
  userId: string,
  ids: readonly string[],
  attempt: AttemptStart,
  read?: readonly OperationRecord[],
): Promise<OperationRecord[]> {
  const records = read ?? (await getOperationsById(tx, userId, ids));
  const claimed = records.flatMap((r) => (r ? (started(r, attempt) ?? []) : []));
  await addClaims(
    tx,
    userId,
    attempt,
    claimed.map((r) => r.id),
  );
  return claimed;
}

/**
 * Give back a claim whose request never left the device (the sender claimed the next batch
 * ahead, then stopped): its operations are read as they were before it.
 */
export function unclaim(tx: Tx, ids: readonly string[], attemptId: string): Promise<void> {
  return dropClaims(tx, ids, attemptId);
}

/** What came back for one operation of an attempt. */
export type Settlement =
  | { id: string; attempt: AttemptStart; end: AttemptEnd; kind: 'event'; event: OpEvent }
  | {
      id: string;
      attempt: AttemptStart;
      end: AttemptEnd;
      kind: 'receipt';
      receipt: Receipt;
      text: string;
    };

/**
 * Apply everything an attempt brought back, in ONE transaction: attempt timelines, receipts, the
 * projection, final states. All reads first, then all writes, issued together (IndexedDB runs
 * them in order; the person may be waiting on a long drain). A receipt for an operation that
 * already has one changes nothing. `ends` are the attempt's ends recorded in its timeline row: by
 * default these settlements'; a batch settled in chunks records the whole batch's in its first
 * chunk (one row, written once per batch).
 */
export async function settle(
  tx: Tx,
  userId: string,
  settlements: readonly Settlement[],
  at: number,
  policy: BackoffPolicy,
  ends: readonly AttemptEnding[] = settlements,
): Promise<void> {
  const itemIds = [
    ...new Set(
      settlements.flatMap((s) =>
        s.kind === 'receipt' && s.receipt.itemId !== null ? [s.receipt.itemId] : [],
      ),
    ),
  ];
  const [records, items] = await Promise.all([
    getOperationsById(
      tx,
      userId,
      settlements.map((s) => s.id),
    ),
    Promise.all(itemIds.map((id) => tx.get('items', id))),
  ]);
  const projection = new Map(itemIds.map((id, i) => [id, items[i]]));
  const moved = new Set<string>();
  // The operations settled here are off their attempt's claim (their records now say it all).
  const settled = settlements.map((x) => x.id);
  const writes = [recordEnds(tx, ends), dropClaims(tx, settled, settlements[0]?.attempt.attemptId)];
  settlements.forEach((s, i) => {
    const record = records[i];
    if (!record) return;
    if (s.kind === 'event') {
      const state = next(record.state, s.event, policy);
      if (state !== record.state)
        writes.push(putOperation(tx, { ...record, state: stored(state) }));
      return;
    }
    const finishing = next(record.state, { type: 'receipt', receipt: s.receipt }, policy);
    if (finishing.kind !== 'finishing') return;
    // The receipt and the state it settles: one record, one put.
    writes.push(
      putOperation(tx, {
        ...record,
        receipt: { text: s.text, receipt: s.receipt, storedAt: at },
        state: stored(next(finishing, { type: 'stored', at }, policy)),
      }),
    );
    const known = s.receipt.itemId === null ? undefined : projection.get(s.receipt.itemId);
    const item = project(known, record, s.receipt);
    if (item) {
      projection.set(item.id, item);
      moved.add(item.id);
    }
  });
  for (const id of moved) {
    const item = projection.get(id);
    if (item) writes.push(tx.put('items', item));
  }
  await Promise.all(writes);
}

/**
 * The outbox writes the sender makes inside its own transactions: a batch's claim and the
 * settling of what came back. The sender takes them as an ordinary dependency with these as the
 * default, so a test swaps one for a deliberately broken variant and still runs the sender's own
 * path (chunks, the next batch claimed in the last settling transaction) around it.
 */
export interface OutboxWrites {
  claim: typeof claim;
  settle: typeof settle;
}

export const OUTBOX_WRITES: OutboxWrites = { claim, settle };
