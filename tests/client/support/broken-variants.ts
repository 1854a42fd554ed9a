/**
 * Deliberately broken senders, swapped in through the sender's test seams, to prove that the
 * checker can see what they break. Never used outside tests.
 */
import { withEnds } from '../../../src/client/core/attempt-rows';
import { next } from '../../../src/client/core/operation-state';
import { allocateId } from '../../../src/client/local/leases';
import { claim } from '../../../src/client/local/outbox';
import { project } from '../../../src/client/local/projection';
import { putOperation } from '../../../src/client/local/records';
import type { SenderSeams } from '../../../src/client/sender';

/** BROKEN: every retry of an operation whose outcome is unknown goes out under a NEW id. */
export const newIdPerRetry: SenderSeams = {
  claim: (store, userId, ids, attempt, policy) =>
    store.write(async (tx) => {
      const sent: string[] = [];
      for (const id of ids) {
        const record = await tx.get('operations', id);
        const allocated =
          record && record.state.kind === 'unknown' ? await allocateId(tx, record.userId) : null;
        if (!record || record.state.kind !== 'unknown' || !allocated) {
          sent.push(id);
          continue;
        }
        await tx.delete('operations', id);
        await putOperation(tx, {
          ...record,
          id: allocated.id,
          leaseId: allocated.lease.id,
          state: { kind: 'queued', retry: record.state.retry },
        });
        sent.push(allocated.id);
      }
      return claim(tx, userId, sent, attempt, policy);
    }),
};

/** BROKEN: the final state is written in one transaction, the receipt in another. */
export const receiptOutsideTx: SenderSeams = {
  settle: async (store, _userId, settlements, at, policy) => {
    await store.write(async (tx) => {
      for (const s of settlements) {
        const attempt = await tx.get('attempts', s.attempt.attemptId);
        if (attempt)
          await tx.put('attempts', withEnds(attempt, s.attempt, new Map([[s.id, s.end]])));
        const record = await tx.get('operations', s.id);
        if (!record) continue;
        let state = next(
          record.state,
          s.kind === 'receipt' ? { type: 'receipt', receipt: s.receipt } : s.event,
          policy,
        );
        if (state.kind === 'finishing') state = next(state, { type: 'stored', at }, policy);
        if (state.kind !== 'finishing' && state !== record.state)
          await putOperation(tx, { ...record, state });
      }
    });
    await store.write(async (tx) => {
      for (const s of settlements) {
        if (s.kind !== 'receipt') continue;
        const record = await tx.get('operations', s.id);
        if (!record || record.receipt) continue;
        await putOperation(tx, {
          ...record,
          receipt: { text: s.text, receipt: s.receipt, storedAt: at },
        });
        const known =
          s.receipt.itemId === null ? undefined : await tx.get('items', s.receipt.itemId);
        const item = project(known, record, s.receipt);
        if (item) await tx.put('items', item);
      }
    });
  },
};
