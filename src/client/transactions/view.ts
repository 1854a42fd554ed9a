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
  for (const m of meta) applyEntry(view, { op: 'put', store: 'meta', value: m });
  return {
    ...view,
    operations: byKey(operations, (r) => r.id),
    attempts: timelines(attempts),
    items: byKey(items, (r) => r.id),
    leases: byKey(leases, (r) => r.id),
  };
}

/** Follow one committed write. */
function applyEntry(view: WritableView, e: WriteEntry): void {
  switch (e.store) {
    case 'operations':
      if (e.op === 'put') view.operations.set(e.value.id, e.value);
      else {
        view.operations.delete(e.key);
        view.attempts.delete(e.key);
      }
      view.operationsVersion++;
      return;
    case 'attempts':
      if (e.op === 'put') {
        for (const line of linesOf(e.value)) {
          view.attempts.set(line.operationId, withLine(view.attempts.get(line.operationId), line));
        }
      } else {
        // Rare (data removed on sign-out, with its operations): look through every timeline.
        for (const [id, lines] of view.attempts) {
          const left = lines.filter((a) => a.attemptId !== e.key);
          if (left.length !== lines.length) view.attempts.set(id, left);
        }
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
        if (e.key === 'places') view.places = [];
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
        case 'places':
          view.places = e.value.places;
          return;
        case 'order':
        case 'ended-sessions':
        case 'epoch':
        case 'stocktakes':
        case 'histories':
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
