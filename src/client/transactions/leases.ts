/**
 * Leases on this device (docs/api.md#leases): new operations take an id from the freshest lease;
 * an operation with no recorded send attempt may move to a fresh lease (it provably never left
 * the device); once an attempt is recorded its id is frozen forever.
 */
import type { LeaseResponse } from '../../protocol/schemas';
import { operationId } from '../../protocol/ids';
import type { Tx } from '../store/local-store';
import type { LeaseRecord } from '../core/records';
import { freshestLease, handleOf, movable } from '../core/rules';
import { getOperations, putOperation, queueRange } from './record-index';

export function userLeases(tx: Tx, userId: string): Promise<LeaseRecord[]> {
  return tx.getAllFromIndex('leases', 'byUser', userId);
}

/** Take the next id of the user's freshest lease, or null when the device holds none. */
export async function allocateId(
  tx: Tx,
  userId: string,
): Promise<{ id: string; lease: LeaseRecord } | null> {
  const lease = freshestLease(await userLeases(tx, userId));
  if (!lease) return null;
  const id = operationId(lease.id, lease.nextSeq);
  await tx.put('leases', { ...lease, nextSeq: lease.nextSeq + 1 });
  return { id, lease };
}

/**
 * Keep a newly issued lease, move every movable operation of the user onto it (creation order
 * kept), and forget leases no operation refers to any more. One transaction.
 */
export async function storeLease(
  tx: Tx,
  userId: string,
  response: LeaseResponse,
  now: number,
): Promise<{ rekeyed: { from: string; to: string }[] }> {
  const lease: LeaseRecord = {
    ...response.lease,
    token: response.token,
    nextSeq: 0,
    fetchedAt: now,
    origin: 'issued',
  };
  const rekeyed: { from: string; to: string }[] = [];
  const queue = await getOperations(tx, 'queue', queueRange(userId));
  for (const record of queue) {
    if (!movable(record) || record.leaseId === lease.id) continue;
    const id = operationId(lease.id, lease.nextSeq++);
    await tx.delete('operations', record.id);
    await putOperation(tx, { ...record, id, leaseId: lease.id, handle: handleOf(record) });
    rekeyed.push({ from: record.id, to: id });
  }
  await tx.put('leases', lease);

  const referenced = new Set(
    (await tx.getAllFromIndex('operations', 'byUser', userId)).map((r) => r.leaseId),
  );
  for (const old of await userLeases(tx, userId)) {
    if (old.id !== lease.id && old.origin === 'issued' && !referenced.has(old.id)) {
      await tx.delete('leases', old.id);
    }
  }
  return { rekeyed };
}
