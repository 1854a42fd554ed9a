import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../tests/support/client/sample-record';
import { sampleReceipt } from '../../../tests/support/client/sample-receipt';
import { leaseResponse } from '../../../tests/support/client/store-contract';
import { DEFAULT_BACKOFF } from '../core/retry-policy';
import type { AttemptStart } from '../core/attempt-rows';
import type { AttemptEnd } from '../core/records';
import { openMemoryStore } from '../store/memory-store';
import { recordingStore, type WriteEntry } from '../store/recording-store';
import { applyWrites, loadView } from './view';
import { putOperation } from './record-index';
import { storeLease } from './leases';
import { beginRound, claim, enqueue, settle, unclaim, type Settlement } from './outbox';

const attempt = { attemptId: 'a1', kind: 'send', at: 5 } as const;
const claimsPut = (ids: string[]): WriteEntry => ({
  op: 'put',
  store: 'meta',
  value: { key: 'claims', claims: [{ ...attempt, userId: 'u1', ids }] },
});

describe("the tab's picture", () => {
  it('shows claimed operations in flight, from a whole read', async () => {
    const store = openMemoryStore();
    await store.write(async (tx) => {
      await Promise.all([putOperation(tx, sampleRecord(0)), putOperation(tx, sampleRecord(1))]);
      await tx.put('meta', {
        key: 'claims',
        claims: [{ ...attempt, userId: 'u1', ids: ['L1.1'] }],
      });
    });
    const view = await store.read(loadView);
    expect(view.operations.get('L1.0')?.state.kind).toBe('queued');
    expect(view.operations.get('L1.1')?.state).toMatchObject({ kind: 'sending', attemptId: 'a1' });
    expect(view.operations.get('L1.1')?.sendAttempts).toBe(1);
  });

  it('follows claims as they are made, settled and given back, naming the operations they change', async () => {
    const view = await openMemoryStore().read(loadView);
    const [first, second] = [sampleRecord(0), sampleRecord(1)];
    applyWrites(view, [
      { op: 'put', store: 'operations', value: first },
      { op: 'put', store: 'operations', value: second },
    ]);
    expect(applyWrites(view, [claimsPut(['L1.0', 'L1.1'])])).toEqual(['L1.0', 'L1.1']);
    expect(view.operations.get('L1.0')?.state.kind).toBe('sending');

    // The first settles: its record and its claim, in one transaction.
    const confirmed = {
      ...first,
      state: { kind: 'confirmed', since: 6 },
      sendAttempts: 1,
    } as const;
    const settled = applyWrites(view, [
      { op: 'put', store: 'operations', value: confirmed },
      claimsPut(['L1.1']),
    ]);
    expect(settled).toContain('L1.0');
    expect(view.operations.get('L1.0')).toBe(confirmed);

    // The second goes back unsent: only the claims record changes, and it reads as stored again.
    expect(applyWrites(view, [{ op: 'delete', store: 'meta', key: 'claims' }])).toEqual(['L1.1']);
    expect(view.operations.get('L1.1')).toBe(second);
    expect(view.unclaimed.size).toBe(0);
  });

  it('followed write by write through the outbox, equals a whole read after every write', async () => {
    const inner = openMemoryStore();
    const view = await inner.read(loadView);
    const store = recordingStore(inner, (log) => void applyWrites(view, log));
    const same = async (after: string) => {
      const whole = await inner.read(loadView);
      expect(view.operations, after).toEqual(whole.operations);
      expect(view.claims, after).toEqual(whole.claims);
    };
    await store.write((tx) =>
      storeLease(tx, 'u1', leaseResponse('L1', '2026-11-29T17:00:00.000Z'), 1),
    );
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const op = { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' } as const;
      const saved = await store.write((tx) =>
        enqueue(tx, { userId: 'u1', userName: 'demo' }, op, 2),
      );
      if (saved.kind === 'saved') ids.push(saved.record.id);
    }
    const x: AttemptStart = { attemptId: 'x', kind: 'send', at: 3 };
    const y: AttemptStart = { attemptId: 'y', kind: 'send', at: 4 };
    const end: AttemptEnd = { endedAt: 6, result: 'response', httpStatus: 201, serverTiming: {} };
    const receipt = (id: string): Settlement => ({
      id,
      attempt: x,
      end,
      kind: 'receipt',
      receipt: sampleReceipt({ operationId: id }),
      text: '{}',
    });
    const noAnswer = (id: string): Settlement => ({
      id,
      attempt: x,
      end,
      kind: 'event',
      event: { type: 'no-answer', attemptId: 'x', at: 6, jitter: 0.5 },
    });
    // A batch claimed in two chunks, the next one claimed ahead.
    await store.write((tx) => claim(tx, 'u1', ids.slice(0, 4), x));
    await same('claimed');
    await store.write((tx) => claim(tx, 'u1', ids.slice(4, 8), x));
    await store.write((tx) => claim(tx, 'u1', ids.slice(8, 10), y));
    await same('claimed ahead');
    await store.write((tx) => settle(tx, 'u1', ids.slice(0, 3).map(receipt), 6, DEFAULT_BACKOFF));
    await same('receipts settled');
    await store.write((tx) =>
      settle(tx, 'u1', ids.slice(3, 8).map(noAnswer), 6, DEFAULT_BACKOFF, []),
    );
    await same('no answer settled');
    await store.write((tx) => unclaim(tx, ids.slice(8, 10), 'y'));
    await same('given back');
    await store.write((tx) => claim(tx, 'u1', ids.slice(3, 5), { ...y, attemptId: 'z' }));
    const restart = { all: true, resendId: null };
    await store.write((tx) => beginRound(tx, 'u1', ids.slice(3, 5), 9, DEFAULT_BACKOFF, restart));
    await same("a gone sender's claim at a round's start");
    expect(view.claims.size).toBe(0);
  });
});
