import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../tests/support/client/sample-record';
import { openMemoryStore } from '../store/memory-store';
import type { WriteEntry } from '../store/recording-store';
import { applyWrites, loadView } from './view';
import { putOperation } from './record-index';

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
});
