/** How the Activity and Review screens order and group operations. Pure. */
import { STATE_WORDS } from '../client/core/labels';
import type { OperationState, OperationView } from '../client/facade';
import { assertNever } from '../protocol/assert-never';

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
  return STATE_WORDS[state];
}

/** A group of Activity: one state, or the changes the person already resolved. */
export type GroupKey = OperationState | 'resolved';

export interface OperationGroup {
  key: GroupKey;
  heading: string;
  operations: OperationView[];
}

/** Groups in ACTIVITY_ORDER then resolved ones, newest first inside a group, empty groups left out. */
export function groupByState(operations: readonly OperationView[]): OperationGroup[] {
  const byKey = new Map<GroupKey, OperationView[]>();
  for (const op of operations) {
    const key: GroupKey = op.resolution ? 'resolved' : op.state;
    const list = byKey.get(key);
    if (list) list.push(op);
    else byKey.set(key, [op]);
  }
  return [...ACTIVITY_ORDER, 'resolved' as const].flatMap((key) => {
    const list = byKey.get(key);
    if (!list) return [];
    const operations = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const heading = key === 'resolved' ? 'Resolved by you' : stateHeading(key);
    return [{ key, heading, operations }];
  });
}

/** Still on its way to the server (the same states as the core's pending ones). */
export function isUnderway(op: OperationView): boolean {
  if (op.resolution) return false;
  switch (op.state) {
    case 'queued':
    case 'sending':
    case 'unknown':
    case 'checking':
    case 'waiting':
    case 'finishing':
      return true;
    case 'confirmed':
    case 'rejected':
    case 'review':
    case 'expired':
    case 'not-applied':
      return false;
    default:
      return assertNever(op.state);
  }
}

/** Review holds what waits for a person's decision (the core says which operations offer one). */
export function needsReview(op: OperationView): boolean {
  return op.canEnterAgain === true || op.canDiscard === true;
}

/** An operation's line in lists: its state label, or what the person decided about it. */
export function rowLabel(op: OperationView): string {
  const resolution = op.resolution;
  if (!resolution) return op.label;
  switch (resolution.kind) {
    case 'discarded':
      return `Discarded: ${resolution.note}`;
    case 'entered-again':
      return 'Entered again as a new change';
    default:
      return assertNever(resolution);
  }
}

/**
 * What the person can check before deciding. The core explains expired and restored work; the
 * server's review and rejection reasons are explained here.
 */
export function whatToCheck(op: OperationView): string {
  if (op.explanation) return op.explanation;
  const reason = op.receipt?.reason ?? null;
  switch (reason) {
    case 'would-go-negative':
      return 'The stock would have gone below zero. Count the shelf; if the change is right, enter it again as new.';
    case 'stale-count':
      return 'The stock changed after this count was started. Count again, then enter the new count.';
    case 'unknown-item':
      return 'The server does not know this item. Check the item list before entering the change again.';
    case 'duplicate-item':
      return 'An item with this ID, SKU or barcode already exists. Check the item list, then enter it again with other codes.';
    case 'stale-edit':
      return 'Someone else changed the same details after this edit was started. Open the item, check its details, then edit again.';
    case 'archived-item':
      return 'The item was archived, so stock changes to it are refused. Ask a manager if it should come back.';
    case 'not-allowed':
      return 'Your role may not make this kind of change. Ask a manager to make it.';
    case null:
      return "Check the item's history, then enter the change again as new or discard it.";
    default:
      return assertNever(reason);
  }
}

/** Identical changes in one row of a list: the same words and the same state line. */
export interface OperationRun {
  key: string;
  operations: OperationView[];
}

/**
 * Folds identical operations (same summary, same state line) into one run at the place of the
 * first, keeping the list's order: 25 × "Remove 1 from Scented candle, fig" become one row.
 */
export function runsOf(operations: readonly OperationView[]): OperationRun[] {
  const runs = new Map<string, OperationRun>();
  for (const op of operations) {
    const key = JSON.stringify([op.summary, op.state, rowLabel(op)]);
    const run = runs.get(key);
    if (run) run.operations.push(op);
    else runs.set(key, { key, operations: [op] });
  }
  return [...runs.values()];
}
