/**
 * A backup of this device's outbox (operations not yet confirmed, with their leases and attempt
 * timelines). Importing never sends anything: every restored operation goes to review, and only
 * the status endpoint (read-only) decides what it became. Restored leases belong to another
 * device's history and never hand out new ids.
 */
import { z } from 'zod/mini';
import { Lease, Op, OperationId } from '../../protocol/schemas';
import { importedState, isPending } from '../core/operation-state';
import type { Tx } from '../store/local-store';
import type { LeaseRecord, OperationRecord } from '../core/records';
import { timelines, withEnds } from '../core/attempt-rows';
import { getMeta, takeOrder } from './meta';
import { putOperation } from './records';

const BackupAttempt = z.object({
  attemptId: z.string().check(z.minLength(1)),
  kind: z.enum(['send', 'status']),
  sentAt: z.number(),
  endedAt: z.nullable(z.number()),
  result: z.enum(['pending', 'response', 'timeout', 'network-error', 'http-error']),
  httpStatus: z.nullable(z.number().check(z.int())),
  serverTiming: z.record(z.string(), z.number()),
});

const BackupOperation = z.object({
  id: OperationId,
  userId: z.string().check(z.minLength(1)),
  userName: z.string(),
  createdAt: z.number(),
  summary: z.string(),
  op: Op,
  /** The state when exported, for explanation only. */
  state: z.string(),
  lease: z.extend(Lease, { token: z.string().check(z.minLength(1)) }),
  attempts: z.array(BackupAttempt),
});

export const BackupFile = z.object({
  format: z.literal('stockroom-outbox-backup'),
  version: z.literal(1),
  exportedAt: z.number(),
  deviceId: z.string(),
  deviceName: z.string(),
  operations: z.array(BackupOperation),
});
export type BackupFile = z.infer<typeof BackupFile>;

/**
 * Every operation of this person on this device that is not settled yet, with what it needs. Only
 * theirs: on a shared device another person's notes and lease tokens are not theirs to carry away.
 */
export async function exportOutbox(tx: Tx, userId: string, now: number): Promise<BackupFile> {
  const [operations, leases, attempts, device] = await Promise.all([
    tx.getAllFromIndex('operations', 'byUser', userId),
    tx.getAllFromIndex('leases', 'byUser', userId),
    tx.getAll('attempts'),
    getMeta(tx, 'device'),
  ]);
  const leaseById = new Map(leases.map((l) => [l.id, l]));
  const lines = timelines(attempts);
  const open = operations.filter(
    (r) => r.resolution === null && (isPending(r.state) || r.state.kind === 'review'),
  );
  return {
    format: 'stockroom-outbox-backup',
    version: 1,
    exportedAt: now,
    deviceId: device?.deviceId ?? '',
    deviceName: device?.deviceName ?? '',
    operations: open.flatMap((r) => {
      const lease = leaseById.get(r.leaseId);
      if (!lease) return [];
      const { token, id, userId, deviceId, size, issuedAt, deadline } = lease;
      return [
        {
          id: r.id,
          userId: r.userId,
          userName: r.userName,
          createdAt: r.createdAt,
          summary: r.summary,
          op: r.op,
          state: r.state.kind,
          lease: { id, userId, deviceId, size, issuedAt, deadline, token },
          attempts: (lines.get(r.id) ?? []).map(({ operationId: _, ...a }) => a),
        },
      ];
    }),
  };
}

/** Restore into review; operations this device already holds are left alone. */
export async function importOutbox(
  tx: Tx,
  backup: BackupFile,
  now: number,
): Promise<{ imported: number; skipped: number }> {
  let imported = 0;
  let skipped = 0;
  for (const b of backup.operations) {
    if (await tx.get('operations', b.id)) {
      skipped++;
      continue;
    }
    if (!(await tx.get('leases', b.lease.id))) {
      const lease: LeaseRecord = {
        ...b.lease,
        nextSeq: b.lease.size,
        fetchedAt: now,
        origin: 'imported',
      };
      await tx.put('leases', lease);
    }
    const record: OperationRecord = {
      id: b.id,
      userId: b.userId,
      userName: b.userName,
      order: await takeOrder(tx),
      leaseId: b.lease.id,
      op: b.op,
      createdAt: b.createdAt,
      summary: b.summary,
      state: importedState(now),
      sendAttempts: b.attempts.filter((a) => a.kind === 'send').length,
      imported: { importedAt: now, exportedAt: backup.exportedAt },
      resolution: null,
    };
    await putOperation(tx, record);
    for (const { attemptId, kind, sentAt, ...end } of b.attempts) {
      const row = await tx.get('attempts', attemptId);
      const ends = new Map([[b.id, end]]);
      await tx.put('attempts', withEnds(row, { attemptId, kind, at: sentAt }, ends, false));
    }
    imported++;
  }
  return { imported, skipped };
}
