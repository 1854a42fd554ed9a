/**
 * The sender's next move, decided from what IndexedDB holds (pure). The queue drains strictly in
 * creation order: a later operation never overtakes an earlier one that is still pending (a
 * createItem precedes the adjustments of that item), so the head decides when the queue moves.
 */
import { movable } from './rules';
import { pastDeadline, serverNow, type ServerSkew } from './server-clock';
import type { LeaseRecord, OperationRecord } from './records';
import type { BackoffPolicy } from './retry-policy';
import { awaitsStatus, eligible } from './operation-state';

export type Plan =
  | { kind: 'send'; records: OperationRecord[] }
  | { kind: 'status'; record: OperationRecord }
  | { kind: 'idle'; wakeAt: number | null; blocked: 'waiting' | 'in-flight' | 'lease' | null };

export interface PlanInput {
  /** The user's pending operations, creation order (a prefix is enough). */
  queue: readonly OperationRecord[];
  /** The user's review items that wait for a status answer. */
  checks: readonly OperationRecord[];
  leases: readonly LeaseRecord[];
  now: number;
  policy: BackoffPolicy;
  batchSize: number;
  /** The server's clock as last read, if it was (deadlines follow the server's clock). */
  skew?: ServerSkew | null;
}

/** A lease check is local and only chooses the request; the server's clock decides the outcome. */
const LEASE_RETRY_MS = 30_000;

export function plan(input: PlanInput): Plan {
  const { now, policy } = input;
  const leases = new Map(input.leases.map((l) => [l.id, l]));
  const serverTime = serverNow(now, input.leases, input.skew ?? null);
  const past = (r: OperationRecord) => {
    const lease = leases.get(r.leaseId);
    return lease !== undefined && pastDeadline(lease.deadline, serverTime);
  };
  /** Never sent and its lease is over: it waits to move to a fresh lease instead of expiring. */
  const needsLease = (r: OperationRecord) => !leases.has(r.leaseId) || (movable(r) && past(r));
  /** Long unknown (past its deadline): ask the status endpoint rather than resend, once. */
  const asksStatus = (r: OperationRecord) =>
    r.state.kind === 'unknown' && !r.state.notYet && past(r);
  const sendable = (r: OperationRecord) =>
    (r.state.kind === 'queued' || r.state.kind === 'unknown') &&
    eligible(r.state.retry, now, policy) &&
    !needsLease(r) &&
    !asksStatus(r);

  const wake: number[] = [];
  let blocked: 'waiting' | 'in-flight' | 'lease' | null = null;
  const head = input.queue[0];
  if (head) {
    const s = head.state;
    if (s.kind === 'waiting') blocked = 'waiting';
    else if (s.kind === 'sending' || s.kind === 'checking') blocked = 'in-flight';
    else if (s.kind === 'queued' || s.kind === 'unknown') {
      if (!eligible(s.retry, now, policy)) wake.push(s.retry.notBefore);
      else if (needsLease(head)) {
        blocked = 'lease';
        wake.push(now + LEASE_RETRY_MS);
      } else if (asksStatus(head)) return { kind: 'status', record: head };
      // The head's outcome is unknown: it goes alone, as the probe. Work saved since then stays
      // "Saved on this device" until the server has answered again (it provably never left).
      else if (s.kind === 'unknown') return { kind: 'send', records: [head] };
      else {
        const records: OperationRecord[] = [];
        for (const r of input.queue) {
          if (records.length >= input.batchSize || !sendable(r)) break;
          records.push(r);
        }
        return { kind: 'send', records };
      }
    }
  }

  for (const r of input.checks) {
    if (!awaitsStatus(r.state)) continue;
    const retry = r.state.reason.retry;
    if (eligible(retry, now, policy)) return { kind: 'status', record: r };
    if (retry.attempts < policy.maxAttempts) wake.push(retry.notBefore);
  }
  return { kind: 'idle', wakeAt: wake.length ? Math.min(...wake) : null, blocked };
}
