/**
 * Many decisions at once (an item import): every operation gets its own id and is written in ONE
 * local transaction, so the file's rows are either all on the device or none are. Checked first
 * that the device's leases have ids for all of them, so the transaction never stops half-way.
 */
import type { Op } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type { OperationRecord } from '../core/records';
import { userLeases } from './leases';
import { enqueue, type Author } from './outbox';

export type EnqueueAllResult =
  { kind: 'saved'; records: OperationRecord[] } | { kind: 'no-room'; room: number };

export async function enqueueAll(
  tx: Tx,
  author: Author,
  ops: readonly Op[],
  now: number,
): Promise<EnqueueAllResult> {
  const room = (await userLeases(tx, author.userId))
    .filter((l) => l.origin === 'issued')
    .reduce((sum, l) => sum + Math.max(0, l.size - l.nextSeq), 0);
  if (room < ops.length) return { kind: 'no-room', room };
  const records: OperationRecord[] = [];
  // One after another: each takes the next id and the next place in the outbox's order.
  for (const op of ops) {
    const result = await enqueue(tx, author, op, now);
    if (result.kind !== 'saved') throw new Error('a lease ran out during an import');
    records.push(result.record);
  }
  return { kind: 'saved', records };
}
