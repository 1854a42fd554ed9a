/**
 * The tab's picture of what IndexedDB holds: read whole once (and when another tab says "look
 * again"), then kept up to date from this tab's own committed writes. Records are never mutated:
 * a changed record is a new object, so views derived from an unchanged one can be reused.
 */
import { assertNever } from '../../protocol/assert-never';
import type { WriteEntry } from '../store/recording-store';
import type { Tx } from '../store/local-store';
import { linesOf, timelines, withLine } from '../core/attempt-rows';
import { emptyView, type LocalView, type WritableView } from '../core/local-view';
import { asClaimed, indexClaims, type ClaimIndex } from '../core/claims';
import type { OperationRecord } from '../core/records';

function byKey<T, K>(records: readonly T[], key: (r: T) => K): Map<K, T> {
  return new Map(records.map((r) => [key(r), r]));
}

export async function loadView(tx: Tx): Promise<LocalView> {
  const [operations, attempts, items, leases, meta] = await Promise.all([
    tx.getAll('operations'),
    tx.getAll('attempts'),
    tx.getAll('items'),
    tx.getAll('leases'),
    tx.getAll('meta'),
  ]);
  const view = emptyView();
  view.operations = byKey(operations, (r) => r.id);
  view.attempts = timelines(attempts);
  view.items = byKey(items, (r) => r.id);
  view.leases = byKey(leases, (r) => r.id);
  // After the operations: the claims apply to them.
  for (const m of meta) applyEntry(view, { op: 'put', store: 'meta', value: m });
  return view;
}

/** An operation as stored, seen with its claim applied if one lists it. */
function setOperation(view: WritableView, record: OperationRecord): void {
  if (view.claims.has(record.id)) view.unclaimed.set(record.id, record);
  view.operations.set(record.id, asClaimed(record, view.claims));
}

/** The claims as stored now; the operations they took on or let go of. */
function setClaims(view: WritableView, claims: ClaimIndex): string[] {
  const changed: string[] = [];
  for (const id of view.claims.keys()) {
    if (claims.has(id)) continue;
    const stored = view.unclaimed.get(id);
    view.unclaimed.delete(id);
    if (stored) view.operations.set(id, stored);
    changed.push(id);
  }
  for (const [id, attempt] of claims) {
    if (view.claims.get(id)?.attemptId === attempt.attemptId) continue;
    const stored = view.unclaimed.get(id) ?? view.operations.get(id);
    if (stored) {
      view.unclaimed.set(id, stored);
      view.operations.set(id, asClaimed(stored, claims));
    }
    changed.push(id);
  }
  view.claims = new Map(claims);
  if (changed.length > 0) view.operationsVersion++;
  return changed;
}

/**
 * Follow one committed write: the operations whose view it may change (null: an attempt row went,
 * and which operations had a line in it is known only by looking through every timeline).
 */
function applyEntry(view: WritableView, e: WriteEntry): string[] | null {
  switch (e.store) {
    case 'operations':
      if (e.op === 'put') setOperation(view, e.value);
      else {
        view.operations.delete(e.key);
        view.unclaimed.delete(e.key);
        view.attempts.delete(e.key);
      }
      view.operationsVersion++;
      return [e.op === 'put' ? e.value.id : e.key];
    case 'attempts':
      if (e.op === 'put') {
        for (const line of linesOf(e.value)) {
          view.attempts.set(line.operationId, withLine(view.attempts.get(line.operationId), line));
        }
        return e.value.operationIds;
      }
      // Rare (data removed on sign-out, with its operations): look through every timeline.
      for (const [id, lines] of view.attempts) {
        const left = lines.filter((a) => a.attemptId !== e.key);
        if (left.length !== lines.length) view.attempts.set(id, left);
      }
      return null;
    case 'items':
      if (e.op === 'put') view.items.set(e.value.id, e.value);
      else view.items.delete(e.key);
      view.itemsVersion++;
      return [];
    case 'leases':
      if (e.op === 'put') view.leases.set(e.value.id, e.value);
      else view.leases.delete(e.key);
      return [];
    case 'meta':
      if (e.op === 'delete') {
        if (e.key === 'session') view.session = null;
        if (e.key === 'device') view.device = null;
        if (e.key === 'items') view.itemsRevision = 0;
        if (e.key === 'places') view.places = [];
        return e.key === 'claims' ? setClaims(view, new Map()) : [];
      }
      switch (e.value.key) {
        case 'session':
          view.session = e.value;
          return [];
        case 'device':
          view.device = e.value;
          return [];
        case 'items':
          view.itemsRevision = e.value.revision;
          return [];
        case 'places':
          view.places = e.value.places;
          return [];
        case 'claims':
          return setClaims(view, indexClaims(e.value.claims));
        case 'order':
        case 'ended-sessions':
        case 'epoch':
        case 'stocktakes':
        case 'histories':
          return [];
        default:
          return assertNever(e.value);
      }
    default:
      return assertNever(e);
  }
}

/**
 * This tab's committed writes, applied to its picture (the maps are the tab's own): the
 * operations whose view they may change, null when any may have.
 */
export function applyWrites(view: LocalView, log: readonly WriteEntry[]): string[] | null {
  const ids: string[] = [];
  let all = false;
  for (const e of log) {
    const changed = applyEntry(view as WritableView, e);
    if (changed === null) all = true;
    else ids.push(...changed);
  }
  return all ? null : ids;
}
