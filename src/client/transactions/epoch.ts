/**
 * Meeting the server's epoch (sign-in and lease answers), in the transaction that stores the
 * answer. Another epoch means another database: its item revisions start elsewhere, so the item
 * projection and the items' kept history are dropped (the next pull is a full one); after a restore, every confirmed operation
 * the backup may lack goes to review as `restored`/unchecked, and the sender asks the status
 * endpoint about it (read-only): `processed` makes it confirmed again, anything else leaves it in
 * review for the person (**Send again**). Nothing is sent again by itself.
 */
import type { RestoredFrom } from '../../protocol/schemas';
import { DEFAULT_BACKOFF } from '../core/retry-policy';
import { next } from '../core/operation-state';
import { mayBeLost, meetEpoch } from '../core/restore-check';
import type { Tx } from '../store/local-store';
import { getMeta } from './meta';
import { putOperation } from './record-index';

/** True when the database is another one than this device last saw (pull the items again). */
export async function noteEpoch(
  tx: Tx,
  answer: { epoch?: string | undefined; restoredFrom?: RestoredFrom | undefined },
  at: number,
): Promise<boolean> {
  const known = (await getMeta(tx, 'epoch'))?.epoch ?? null;
  const meeting = meetEpoch(known, answer);
  if (meeting.kind === 'same') return false;
  await tx.put('meta', { key: 'epoch', epoch: meeting.epoch });
  if (meeting.kind === 'first') return false;
  await tx.delete('meta', 'items');
  await tx.delete('meta', 'histories');
  await Promise.all((await tx.getAll('items')).map((item) => tx.delete('items', item.id)));
  const takenAt = meeting.takenAt;
  if (takenAt !== null) {
    const lost = (await tx.getAll('operations')).filter((r) => mayBeLost(r, takenAt));
    await Promise.all(
      lost.map((record) => {
        const confirmedAt = Date.parse(record.receipt.receipt.recordedAt);
        const event = { type: 'server-restored', at, confirmedAt } as const;
        const state = next(record.state, event, DEFAULT_BACKOFF);
        return state.kind === 'finishing'
          ? Promise.resolve()
          : putOperation(tx, { ...record, state });
      }),
    );
  }
  return true;
}
