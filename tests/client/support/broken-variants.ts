/**
 * Deliberately broken outbox writes, swapped in for the sender's `outbox` dependency (its
 * production default: src/client/transactions/outbox.ts `OUTBOX_WRITES`) to prove that the checker can
 * see what they break. The sender around them runs its production path unchanged. Never used
 * outside tests (tests/architecture/layers.test.ts).
 *
 * Each is a factory: a tab that closes loses what such a variant held in memory, as a real one
 * would, so the model world makes a fresh one for every tab it opens.
 */
import { withEnds } from '../../../src/client/core/attempt-rows';
import { next } from '../../../src/client/core/operation-state';
import { allocateId } from '../../../src/client/transactions/leases';
import {
  claim,
  settle,
  type OutboxWrites,
  type Settlement,
} from '../../../src/client/transactions/outbox';
import { project } from '../../../src/client/transactions/projection';
import { dropClaims } from '../../../src/client/transactions/claims';
import { getOperation, putOperation } from '../../../src/client/transactions/record-index';
import type { Tx } from '../../../src/client/store/local-store';

/** The names of the variants below: production code names none of them. */
export const BROKEN_SENDERS = ['newIdPerRetry', 'receiptOutsideTx'] as const;

/** BROKEN: every retry of an operation whose outcome is unknown goes out under a NEW id. */
export function newIdPerRetry(): OutboxWrites {
  return {
    settle,
    claim: async (tx, userId, ids, attempt) => {
      const sent: string[] = [];
      for (const id of ids) {
        const record = await getOperation(tx, id);
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
      return claim(tx, userId, sent, attempt);
    },
  };
}

type ReceiptSettlement = Extract<Settlement, { kind: 'receipt' }>;

/**
 * BROKEN: the final state is written in the settling transaction, the receipt (and the
 * projection) only in the sender's next write transaction.
 */
export function receiptOutsideTx(): OutboxWrites {
  let later: { tx: Tx; settlement: ReceiptSettlement; at: number }[] = [];
  /** The receipts an EARLIER transaction left over. */
  async function storeLeftOver(tx: Tx): Promise<void> {
    const due = later.filter((l) => l.tx !== tx);
    later = later.filter((l) => l.tx === tx);
    for (const { settlement: s, at } of due) {
      const record = await tx.get('operations', s.id);
      if (!record || record.receipt) continue;
      await putOperation(tx, {
        ...record,
        receipt: { text: s.text, receipt: s.receipt, storedAt: at },
      });
      const known = s.receipt.itemId === null ? undefined : await tx.get('items', s.receipt.itemId);
      const item = project(known, record, s.receipt);
      if (item) await tx.put('items', item);
    }
  }
  return {
    claim: async (tx, userId, ids, attempt) => {
      await storeLeftOver(tx);
      return claim(tx, userId, ids, attempt);
    },
    settle: async (tx, _userId, settlements, at, policy, ends = settlements) => {
      await storeLeftOver(tx);
      for (const e of ends) {
        const attempt = await tx.get('attempts', e.attempt.attemptId);
        if (attempt)
          await tx.put('attempts', withEnds(attempt, e.attempt, new Map([[e.id, e.end]])));
      }
      for (const s of settlements) {
        const record = await getOperation(tx, s.id);
        if (!record) continue;
        let state = next(
          record.state,
          s.kind === 'receipt' ? { type: 'receipt', receipt: s.receipt } : s.event,
          policy,
        );
        if (state.kind === 'finishing') state = next(state, { type: 'stored', at }, policy);
        if (state.kind !== 'finishing' && state !== record.state)
          await putOperation(tx, { ...record, state });
        if (s.kind === 'receipt') later.push({ tx, settlement: s, at });
      }
      const [first] = settlements;
      if (first)
        await dropClaims(
          tx,
          settlements.map((s) => s.id),
          first.attempt.attemptId,
        );
    },
  };
}
