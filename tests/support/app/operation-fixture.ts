/** Test fixture: an OperationView with sensible defaults. Used by unit tests only. */
import type { OperationState, OperationView } from '../../../src/client/facade';

export function op(
  id: string,
  state: OperationState,
  extra: Partial<OperationView> = {},
): OperationView {
  return {
    id,
    handle: id,
    userName: 'demo',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' },
    state,
    createdAt: `2026-11-29T17:00:0${id.length % 10}.000Z`,
    deadline: '2026-12-06T17:00:00.000Z',
    attempts: [],
    receipt: null,
    reason: null,
    imported: false,
    nextRetryAt: null,
    ...extra,
  };
}
