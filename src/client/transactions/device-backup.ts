/**
 * A backup of this device's outbox (operations not yet confirmed, with their leases and attempt
 * timelines). Importing never sends anything: every restored operation goes to review, and only
 * the status endpoint (read-only) decides what it became. Restored leases belong to another
 * device's history and never hand out new ids.
 */
import { z } from 'zod/mini';
import { parseOperationId } from '../../protocol/ids';
import { Lease, Op, OperationId, type User } from '../../protocol/schemas';
import { displayText, safeText } from '../../protocol/text';
import { importedState, isPending } from '../core/operation-state';
import type { Tx } from '../store/local-store';
import type { LeaseRecord, OperationRecord } from '../core/records';
import { timelines, withEnds } from '../core/attempt-rows';
import { getMeta, takeOrder } from './meta';
import { getOperations, putOperation } from './record-index';

/**
 * A backup file is input like any request: checked with the shared schemas and the text rule
 * (docs/api.md#the-text-rule) before anything of it reaches IndexedDB, and bounded, so a file
 * cannot plant control characters, bidi tricks or megabytes of text in what the Review screen shows.
 */
const idText = (max: number) => safeText().check(z.minLength(1), z.maxLength(max));

const BackupAttempt = z.object({
  attemptId: idText(200),
  kind: z.enum(['send', 'status']),
  sentAt: z.number(),
  endedAt: z.nullable(z.number()),
  result: z.enum(['pending', 'response', 'timeout', 'network-error', 'http-error']),
  httpStatus: z.nullable(z.number().check(z.int())),
  serverTiming: z.record(idText(64), z.number()),
});

const BackupOperation = z.object({
  id: OperationId,
  userId: idText(128),
  userName: displayText(1, 128),
  createdAt: z.number(),
  summary: displayText(0, 1000),
  op: Op,
  /** The state when exported, for explanation only. */
  state: idText(40),
  lease: z.extend(Lease, {
    id: idText(64),
    userId: idText(128),
    deviceId: idText(128),
    token: idText(4096),
  }),
  attempts: z.array(BackupAttempt).check(z.maxLength(1000)),
});

export const BackupFile = z.object({
  format: z.literal('stockroom-outbox-backup'),
  version: z.literal(1),
  exportedAt: z.number(),
  deviceId: safeText().check(z.maxLength(128)),
  deviceName: displayText(0, 200),
  operations: z.array(BackupOperation).check(z.maxLength(100_000)),
});
export type BackupFile = z.infer<typeof BackupFile>;

/**
 * Every operation of this person on this device that is not settled yet, with what it needs. Only
 * theirs: on a shared device another person's notes and lease tokens are not theirs to carry away.
 */
export async function exportOutbox(tx: Tx, userId: string, now: number): Promise<BackupFile> {
  const [operations, leases, attempts, device] = await Promise.all([
    getOperations(tx, 'byUser', userId),
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

/**
 * The names of the other people whose work (operations or leases) `backup` holds, and whether any
 * operation id does not belong to the lease it comes with. A backup is one person's: on a shared
 * phone, importing someone else's file must not put changes in their Review list (or this
 * person's), so such a file is refused whole.
 */
export function foreignWork(
  backup: BackupFile,
  userId: string,
): { otherPeople: string[]; mismatched: boolean } {
  const otherPeople = new Set<string>();
  let mismatched = false;
  for (const b of backup.operations) {
    if (b.userId !== userId || b.lease.userId !== userId) otherPeople.add(b.userName);
    if (parseOperationId(b.id)?.leaseId !== b.lease.id) mismatched = true;
  }
  return { otherPeople: [...otherPeople], mismatched };
}

/**
 * Restore into review, as `owner`'s (the signed-in person; foreignWork has refused anyone else's);
 * operations this device already holds are left alone.
 */
export async function importOutbox(
  tx: Tx,
  backup: BackupFile,
  now: number,
  owner: Pick<User, 'id' | 'name'>,
): Promise<{ imported: number; skipped: number }> {
  let imported = 0;
  let skipped = 0;
  for (const b of backup.operations) {
    if (b.userId !== owner.id || b.lease.userId !== owner.id) {
      throw new Error('a backup holding another person’s work reached the import');
    }
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
      userId: owner.id,
      userName: owner.name,
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
