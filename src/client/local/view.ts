/**
 * The tab's picture of what IndexedDB holds: read whole once (and when another tab says "look
 * again"), then kept up to date from this tab's own committed writes. Records are never mutated:
 * a changed record is a new object, so views derived from an unchanged one can be reused.
 */
import { assertNever } from '../../protocol/assert-never';
import type { WriteEntry } from '../store/recording-store';
import type { Tx } from '../store/local-store';
import type { AttemptRecord } from '../core/records';
import { emptyView, type LocalView, type WritableView } from '../core/local-view';

function byKey<T, K>(records: readonly T[], key: (r: T) => K): Map<K, T> {
  return new Map(records.map((r) => [key(r), r]));
}

function withAttempt(list: readonly AttemptRecord[] = [], a: AttemptRecord): AttemptRecord[] {
  return [...list.filter((x) => x.attemptId !== a.attemptId), a].sort(
    (x, y) => x.sentAt - y.sentAt,
  );
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
  const attemptsByOp = new Map<string, AttemptRecord[]>();
  for (const a of attempts)
    attemptsByOp.set(a.operationId, withAttempt(attemptsByOp.get(a.operationId), a));
  for (const m of meta) applyEntry(view, { op: 'put', store: 'meta', value: m });
  return {
    ...view,
    operations: byKey(operations, (r) => r.id),
    attempts: attemptsByOp,
    items: byKey(items, (r) => r.id),
    leases: byKey(leases, (r) => r.id),
  };
}

/** Follow one committed write. */
function applyEntry(view: WritableView, e: WriteEntry): void {
  switch (e.store) {
    case 'operations':
      if (e.op === 'put') view.operations.set(e.value.id, e.value);
      else view.operations.delete(e.key);
      view.operationsVersion++;
      return;
    case 'attempts':
      if (e.op === 'put') {
        view.attempts.set(
          e.value.operationId,
          withAttempt(view.attempts.get(e.value.operationId), e.value),
        );
      } else {
        const [operationId, attemptId] = e.key;
        const left = (view.attempts.get(operationId) ?? []).filter(
          (a) => a.attemptId !== attemptId,
        );
        view.attempts.set(operationId, left);
      }
      return;
    case 'items':
      if (e.op === 'put') view.items.set(e.value.id, e.value);
      else view.items.delete(e.key);
      view.itemsVersion++;
      return;
    case 'leases':
      if (e.op === 'put') view.leases.set(e.value.id, e.value);
      else view.leases.delete(e.key);
      return;
    case 'meta':
      if (e.op === 'delete') {
        if (e.key === 'session') view.session = null;
        if (e.key === 'device') view.device = null;
        if (e.key === 'items') view.itemsRevision = 0;
        return;
      }
      switch (e.value.key) {
        case 'session':
          view.session = e.value;
          return;
        case 'device':
          view.device = e.value;
          return;
        case 'items':
          view.itemsRevision = e.value.revision;
          return;
        case 'order':
        case 'ended-sessions':
          return;
        default:
          return assertNever(e.value);
      }
    default:
      return assertNever(e);
  }
}

/** This tab's committed writes, applied to its picture (the maps are the tab's own). */
export function applyWrites(view: LocalView, log: readonly WriteEntry[]): void {
  for (const e of log) applyEntry(view as WritableView, e);
}
