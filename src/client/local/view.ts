/** Everything the snapshot is built from, read in one transaction (a consistent picture). */
import type { Item } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type {
  AttemptRecord,
  DeviceMeta,
  LeaseRecord,
  OperationRecord,
  ReceiptRecord,
  SessionMeta,
} from '../store/schema';
import { getMeta } from './meta';

export interface LocalView {
  operations: OperationRecord[];
  attempts: AttemptRecord[];
  receipts: ReceiptRecord[];
  items: Item[];
  leases: LeaseRecord[];
  session: SessionMeta | null;
  device: DeviceMeta | null;
  itemsRevision: number;
}

export async function loadView(tx: Tx): Promise<LocalView> {
  const [operations, attempts, receipts, items, leases, session, device, itemsMeta] =
    await Promise.all([
      tx.getAll('operations'),
      tx.getAll('attempts'),
      tx.getAll('receipts'),
      tx.getAll('items'),
      tx.getAll('leases'),
      getMeta(tx, 'session'),
      getMeta(tx, 'device'),
      getMeta(tx, 'items'),
    ]);
  return {
    operations,
    attempts,
    receipts,
    items,
    leases,
    session: session ?? null,
    device: device ?? null,
    itemsRevision: itemsMeta?.revision ?? 0,
  };
}
