/** How the Activity and Review screens order and group operations. Pure. */
import type { OperationState, OperationView } from '../client/facade';

/** Activity order: what needs a person first (unknown, review), settled work last. */
export const ACTIVITY_ORDER: readonly OperationState[] = [
  'unknown',
  'review',
  'expired',
  'checking',
  'waiting',
  'finishing',
  'sending',
  'queued',
  'rejected',
  'not-applied',
  'confirmed',
];

/** The group heading for a state: the state's words without a per-operation reason. */
export function stateHeading(state: OperationState): string {
  switch (state) {
    case 'queued':
      return 'Saved on this device';
    case 'sending':
      return 'Sending…';
    case 'unknown':
      return 'Outcome unknown';
    case 'checking':
      return 'Checking outcome…';
    case 'waiting':
      return 'Stored · waiting to retry';
    case 'finishing':
      return 'Confirmed by server; finishing on this device';
    case 'confirmed':
      return 'Confirmed';
    case 'rejected':
      return 'Rejected';
    case 'review':
      return 'Needs review';
    case 'expired':
      return "Expired — check the item's history";
    case 'not-applied':
      return 'Not applied — safe to enter again';
    default: {
      const never: never = state;
      throw new Error(`unhandled state ${String(never)}`);
    }
  }
}

export interface OperationGroup {
  state: OperationState;
  heading: string;
  operations: OperationView[];
}

/** Groups in ACTIVITY_ORDER, newest first inside a group, empty groups left out. */
export function groupByState(operations: readonly OperationView[]): OperationGroup[] {
  const byState = new Map<OperationState, OperationView[]>();
  for (const op of operations) {
    const list = byState.get(op.state);
    if (list) list.push(op);
    else byState.set(op.state, [op]);
  }
  return ACTIVITY_ORDER.flatMap((state) => {
    const list = byState.get(state);
    if (!list) return [];
    const operations = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return [{ state, heading: stateHeading(state), operations }];
  });
}

const SETTLED: ReadonlySet<OperationState> = new Set(['confirmed', 'rejected', 'not-applied']);

/** Review holds what a person must decide: review and expired outcomes, and restored work not yet settled. */
export function needsReview(op: OperationView): boolean {
  return op.state === 'review' || op.state === 'expired' || (op.imported && !SETTLED.has(op.state));
}

/** Where asking again with the same id is useful (it is always safe: same identity). */
export function canCheckAndResend(op: OperationView): boolean {
  switch (op.state) {
    case 'unknown':
    case 'waiting':
    case 'queued':
    case 'finishing':
      return true;
    case 'review':
      return op.imported;
    case 'sending':
    case 'checking':
    case 'confirmed':
    case 'rejected':
    case 'expired':
    case 'not-applied':
      return false;
    default: {
      const never: never = op.state;
      throw new Error(`unhandled state ${String(never)}`);
    }
  }
}

export type ReviewKind = 'expired' | 'would-go-negative' | 'stale-count' | 'restored' | 'other';

export function reviewKind(op: OperationView): ReviewKind {
  if (op.state === 'expired') return 'expired';
  if (op.receipt?.reason === 'would-go-negative') return 'would-go-negative';
  if (op.receipt?.reason === 'stale-count') return 'stale-count';
  if (op.imported) return 'restored';
  return 'other';
}

/** What the person can check before deciding, per kind of review. */
export function whatToCheck(kind: ReviewKind): string {
  switch (kind) {
    case 'expired':
      return "Open the item's history and look for this change. If it is not there, enter it again as new.";
    case 'would-go-negative':
      return 'The stock would have gone below zero. Count the shelf; if the change is right, enter it again as new.';
    case 'stale-count':
      return 'The stock changed after this count was started. Count again, then enter the new count.';
    case 'restored':
      return "This change was restored from a backup and the server may no longer remember it. Check the item's history before entering it again.";
    case 'other':
      return "Check the item's history, then enter the change again as new or discard it.";
    default: {
      const never: never = kind;
      throw new Error(`unhandled review kind ${String(never)}`);
    }
  }
}
