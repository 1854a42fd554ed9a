/**
 * Rules about stored operations and leases, pure: what the sender, the snapshot and the
 * transactions all decide the same way.
 */
import type { LeaseRecord, OperationRecord } from '../store/schema';
import { assertNever, isPending, type OpState } from './operation-state';

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
 * The server's clock minus this device's (ms), measured at `measuredAt` (device ms) from an answer
 * that carries the server's time (the tester clock). A lease measures it too, when it arrives.
 */
export interface ServerSkew {
  offsetMs: number;
  measuredAt: number;
}

/**
 * The skew to judge deadlines with: the newest measurement. A lease's own (its `issuedAt` against
 * when it arrived) unless the server's clock was read at or after that (a tester clock moved).
 */
export function skewFor(lease: LeaseRecord, measured: ServerSkew | null): number {
  if (measured !== null && measured.measuredAt >= lease.fetchedAt) return measured.offsetMs;
  return Date.parse(lease.issuedAt) - lease.fetchedAt;
}

/**
 * When a lease runs out, on this device's clock: its lifetime counted from when it arrived, so a
 * device clock that is off by hours still judges it right; once the server's clock has been read
 * since (a tester clock jump), its deadline less that newer skew. Only a guess that chooses what to
 * do next (resend, or ask; wait for a fresh lease): the server's clock decides every outcome.
 * A restored lease arrived on another device: its deadline is all there is.
 */
export function localDeadline(lease: LeaseRecord, measured: ServerSkew | null = null): number {
  const deadline = Date.parse(lease.deadline);
  if (lease.origin === 'imported') return deadline;
  return deadline - skewFor(lease, measured);
}

/** The server's clock now, as this device best knows it (for deadlines shown and judged). */
export function serverNow(deviceNow: number, measured: ServerSkew | null): number {
  return deviceNow + (measured?.offsetMs ?? 0);
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
    localDeadline(lease, measured) <= now
  );
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
