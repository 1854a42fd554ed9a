/**
 * One operation in the person's language: what was decided (summary), its state line (label), why
 * it was rejected or needs review, and the detail view's longer text. Keyed by the facade's state
 * and facts; the catalogue holds the words (docs/client.md#states-and-their-words in English).
 * Pure.
 */
import type { OperationView } from '../client/facade';
import type { Format } from './format';
import type { Messages } from './i18n/en';
import type { ReasonCase } from './i18n/operation-case';
import { opItemId } from '../protocol/op-item';

export interface OperationWords {
  summary: string;
  label: string;
  reason: string | null;
  explanation: string | null;
}

function lastStatus(op: OperationView): number | null {
  for (let i = op.attempts.length - 1; i >= 0; i -= 1) {
    const status = op.attempts[i]?.httpStatus;
    if (status !== null && status !== undefined) return status;
  }
  return null;
}

function reviewCase(op: OperationView, format: Format, now: number): ReasonCase {
  // Before the receipt: a change a restored server lost still holds its old receipt.
  if (op.restored) return { kind: 'restored', when: format.moment(op.restored.confirmedAt, now) };
  if (op.receipt) return { kind: 'receipt', reason: op.receipt.reason };
  if (op.imported) {
    return { kind: 'imported', age: format.age(op.createdAt, now), core: op.reasonText };
  }
  // No receipt: 410 (past its deadline with no record) or a refusal of the request itself.
  return lastStatus(op) === 410 ? { kind: 'expired' } : { kind: 'refused', core: op.reasonText };
}

/**
 * A reversal's original, from the note the core gives it ('Reverses “Remove 2 from …” (id)',
 * client/core/fixes.ts): its words and id; null for any other change.
 */
function reversalOf(op: OperationView['op']): { words: string; id: string } | null {
  if (op.type !== 'adjust' || op.reason !== 'correction' || !op.note) return null;
  const m = /^Reverses “(.*)” \(([^()\s]+)\)$/su.exec(op.note);
  return m ? { words: m[1] ?? '', id: m[2] ?? '' } : null;
}

export function operationWords(
  op: OperationView,
  t: Messages,
  format: Format,
  context: {
    itemName: (itemId: string) => string | null;
    now: number;
    /** The words of another change on this device, by its id (a reversal names its original). */
    summaryOf?: (operationId: string) => string | null;
  },
): OperationWords {
  const words = t.operations;
  const reversal = reversalOf(op.op);
  const plain = words.summary({
    op: op.op,
    itemName:
      op.op.type === 'createItem' ? op.op.name : itemNameOf(opItemId(op.op), context.itemName),
    core: op.summary,
    count: format.count,
  });
  const summary =
    reversal === null ? plain : words.reverses(context.summaryOf?.(reversal.id) ?? reversal.words);
  // The facade explains a finishing operation only when its local write failed.
  const localWriteFailed = op.state === 'finishing' && (op.explanation ?? null) !== null;
  const reason =
    op.state === 'rejected'
      ? words.rejectedReason(op.receipt?.reason ?? null)
      : op.state === 'review'
        ? words.reviewReason(reviewCase(op, format, context.now))
        : null;
  const stateWords = localWriteFailed ? words.finishingLocal : words.state[op.state];
  const nextCheck = op.nextRetryAt === null ? null : format.time(Date.parse(op.nextRetryAt));
  return {
    summary,
    label: reason === null ? stateWords : words.withReason(stateWords, reason),
    reason,
    explanation: words.explanation({
      state: op.state,
      summary,
      core: op.explanation ?? null,
      nextCheck,
      localWriteFailed,
      imported: op.imported,
      restoredMissing: op.restored?.missing === true,
      lastStatus: lastStatus(op),
      lateDeadline:
        op.deadline !== '' && op.attempts.some((a) => a.httpStatus === 410)
          ? format.moment(op.deadline, context.now)
          : null,
    }),
  };
}

/** The item's name, else its id; an operation about no item (a stock-take's own step) has none. */
function itemNameOf(id: string | null, itemName: (id: string) => string | null): string {
  return id === null ? '' : (itemName(id) ?? id);
}
