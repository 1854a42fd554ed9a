/**
 * How the Activity and Review screens order and group operations. Pure. The words come from a
 * catalogue (`t`, English unless given) keyed by the facade's state.
 */
import type { OperationState, OperationView } from '../client/facade';
import { assertNever } from '../protocol/assert-never';
import { en, type Messages } from './i18n/en';

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
export function stateHeading(state: OperationState, t: Messages = en): string {
  return t.operations.state[state];
}

/** A group of Activity: one state, or the changes the person already resolved. */
export type GroupKey = OperationState | 'resolved';

export interface OperationGroup {
  key: GroupKey;
  heading: string;
  operations: OperationView[];
}

/** Groups in ACTIVITY_ORDER then resolved ones, newest first inside a group, empty groups left out. */
export function groupByState(
  operations: readonly OperationView[],
  t: Messages = en,
): OperationGroup[] {
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
    const heading = key === 'resolved' ? t.rows.resolvedHeading : stateHeading(key, t);
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
export function rowLabel(op: OperationView, t: Messages, label: string): string {
  const resolution = op.resolution;
  if (!resolution) return label;
  switch (resolution.kind) {
    case 'discarded':
      return t.rows.discarded(resolution.note);
    case 'entered-again':
      return t.rows.enteredAgain;
    default:
      return assertNever(resolution);
  }
}

/**
 * What the person can check before deciding. The core explains expired and restored work; the
 * server's review and rejection reasons are explained here.
 */
export function whatToCheck(op: OperationView, t: Messages, explanation: string | null): string {
  if (explanation) return explanation;
  return t.operations.whatToCheck[op.receipt?.reason ?? 'none'];
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
export function runsOf(
  operations: readonly OperationView[],
  /** The words of an operation's row: its summary and its state line. */
  lineOf: (op: OperationView) => readonly [summary: string, label: string],
): OperationRun[] {
  const runs = new Map<string, OperationRun>();
  for (const op of operations) {
    const key = JSON.stringify([op.state, ...lineOf(op)]);
    const run = runs.get(key);
    if (run) run.operations.push(op);
    else runs.set(key, { key, operations: [op] });
  }
  return [...runs.values()];
}
