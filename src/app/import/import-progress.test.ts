import { describe, expect, it } from 'vitest';
import type { OperationState, OperationView } from '../../client/facade';
import type { Op } from '../../protocol/schemas';
import { importProgress } from './import-progress';

const AT = '2026-12-01T10:00:00.000Z';
const op = (itemId: string): Op => ({ type: 'archiveItem', itemId });
const view = (
  id: string,
  itemId: string,
  state: OperationState,
  createdAt = AT,
  handle = id,
): OperationView => ({
  id,
  handle,
  userName: 'manager',
  op: op(itemId),
  state,
  createdAt,
  deadline: AT,
  attempts: [],
  receipt: null,
  reason: null,
  imported: false,
  nextRetryAt: null,
});

describe('importProgress', () => {
  it('counts the import’s settled and confirmed operations, also after a new lease renamed them', () => {
    const batch = { ids: ['L1.0', 'L1.1', 'L1.2'] };
    const progress = importProgress(batch, [
      view('L1.0', 'a', 'confirmed'),
      view('L2.0', 'b', 'rejected', AT, 'L1.1'), // re-keyed onto a fresh lease before its first attempt
      view('L2.1', 'c', 'queued', AT, 'L1.2'),
      view('L1.9', 'a', 'confirmed', '2026-12-01T09:00:00.000Z'), // another change, not the import's
    ]);
    expect(progress).toEqual({ total: 3, settled: 2, confirmed: 1 });
  });
});
