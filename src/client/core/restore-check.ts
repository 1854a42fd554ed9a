/**
 * A restore never silently forgets confirmed work (docs/api.md#epoch-and-restores), the pure rules:
 * which epoch answer means another database, and which confirmed operations a restored server may
 * lack.
 */
import type { RestoredFrom } from '../../protocol/schemas';
import type { OperationRecord } from './records';

/**
 * A transaction that began before the backup's snapshot may commit after it, with a receipt time
 * before it: every receipt recorded from one minute before the snapshot on is asked about.
 */
export const RESTORE_MARGIN_MS = 60_000;

/** What a sign-in or lease answer says about the database, as far as this device can tell. */
export type EpochMeeting =
  /** No epoch in the answer (an older server), or the one this device knows. */
  | { kind: 'same' }
  /** The first epoch this device sees: nothing to compare with. */
  | { kind: 'first'; epoch: string }
  /** Another database: restored from a backup taken at `takenAt` (ms), or made anew (null). */
  | { kind: 'new'; epoch: string; takenAt: number | null };

export function meetEpoch(
  known: string | null,
  answer: { epoch?: string | undefined; restoredFrom?: RestoredFrom | undefined },
): EpochMeeting {
  const epoch = answer.epoch;
  if (epoch === undefined || epoch === known) return { kind: 'same' };
  // A device that never saw an epoch (its last contact was with a release before epochs) still
  // checks its work against a restored server: asking costs only read-only status questions.
  if (known === null && answer.restoredFrom === undefined) return { kind: 'first', epoch };
  const takenAt = answer.restoredFrom ? Date.parse(answer.restoredFrom.takenAt) : Number.NaN;
  return { kind: 'new', epoch, takenAt: Number.isNaN(takenAt) ? null : takenAt };
}

/**
 * Held as confirmed, with a receipt recorded late enough that the backup may lack it. A database
 * made anew (no backup behind it) is not a restore: nothing there was ever this server's.
 */
export function mayBeLost(
  record: OperationRecord,
  takenAt: number,
): record is OperationRecord & { receipt: NonNullable<OperationRecord['receipt']> } {
  if (record.state.kind !== 'confirmed' || record.resolution !== null || !record.receipt) {
    return false;
  }
  return Date.parse(record.receipt.receipt.recordedAt) > takenAt - RESTORE_MARGIN_MS;
}
