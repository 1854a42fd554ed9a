/**
 * Rules about stored operations and leases, pure: what the sender, the snapshot and the
 * transactions all decide the same way.
 */
import type { LeaseRecord, OperationRecord } from './records';
import { isPending, type OpState } from './operation-state';
import { pastDeadline, serverNow, type ServerSkew } from './server-clock';
import { assertNever } from '../../protocol/assert-never';

/** The lease new operations take ids from: this device's own, with ids left, newest first. */
export function freshestLease(leases: readonly LeaseRecord[]): LeaseRecord | null {
  let best: LeaseRecord | null = null;
  for (const l of leases) {
    if (l.origin !== 'issued' || l.nextSeq >= l.size) continue;
    if (!best || l.issuedAt > best.issuedAt) best = l;
  }
  return best;
}

/**
 * Refresh when there is none (or it is used up), when it arrived more than `maxAgeMs` ago, when
 * it has run out (short-lived leases), or when the device clock went back past its arrival.
 */
export function leaseNeedsRefresh(
  lease: LeaseRecord | null,
  now: number,
  maxAgeMs: number,
  measured: ServerSkew | null = null,
): boolean {
  if (lease === null) return true;
  return (
    now - lease.fetchedAt >= maxAgeMs ||
    now < lease.fetchedAt ||
    pastDeadline(lease.deadline, serverNow(now, [lease], measured))
  );
}

/** The operation's stable local handle (see OperationRecord.handle). */
export function handleOf(record: OperationRecord): string {
  return record.handle ?? record.id;
}

/**
 * Not confirmed yet and still the person's business: the Activity badge's count, and what keeps
 * "Sign out and remove data from this device" from removing anything.
 */
export function isOpen(record: OperationRecord, state: OpState = record.state): boolean {
  return record.resolution === null && (isPending(state) || state.kind === 'review');
}

/** May this operation still be moved to another lease? (never once it may have left the device) */
export function movable(record: OperationRecord): boolean {
  return record.state.kind === 'queued' && record.sendAttempts === 0 && record.imported === null;
}

/** Review and final states the person may act on (enter again as new, discard). */
export function resolvable(record: OperationRecord): boolean {
  if (record.resolution !== null) return false;
  switch (record.state.kind) {
    case 'review':
    case 'expired':
    case 'not-applied':
    case 'rejected':
      return true;
    case 'queued':
    case 'sending':
    case 'unknown':
    case 'checking':
    case 'waiting':
    case 'confirmed':
      return false;
    default:
      return assertNever(record.state);
  }
}
