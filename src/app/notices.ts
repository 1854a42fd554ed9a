/**
 * Notices are projections of stored outcomes: each names an operation whose outcome this app saw
 * arrive. Closing one only hides it here; the outcome stays in Activity and in IndexedDB.
 */
import type { OperationState, OperationView } from '../client/facade';

const OUTCOME_STATES: ReadonlySet<OperationState> = new Set([
  'confirmed',
  'rejected',
  'review',
  'expired',
  'not-applied',
]);

export function hasOutcome(op: OperationView): boolean {
  return OUTCOME_STATES.has(op.state);
}

/** Outcomes reached after `baseline` was taken and not dismissed; newest first, at most `limit`. */
export function pendingNotices(
  operations: readonly OperationView[],
  baseline: ReadonlySet<string>,
  dismissed: ReadonlySet<string>,
  limit = 3,
): OperationView[] {
  return operations
    .filter((op) => hasOutcome(op) && !baseline.has(op.handle) && !dismissed.has(op.handle))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
