/**
 * One operation in the person's language: what was decided (summary), its state line (label), why
 * it was rejected or needs review, and the detail view's longer text. The core says which state,
 * reason and explanation, as typed values; the catalogue holds the words
 * (docs/client.md#states-and-their-words in English). Pure.
 */
import type { OperationReason, OperationView } from '../client/facade';
import type { Op } from '../protocol/schemas';
import type { Format } from './format';
import type { ShellMessages } from './i18n/en-shell';
import type { ExplainFacts, ReasonCase } from './i18n/operation-case';
import { opItemId } from '../protocol/op-item';
import { reversedIdOf } from '../client/core/fixes';
import { assertNever } from '../protocol/assert-never';

export interface OperationWords {
  summary: string;
  label: string;
  reason: string | null;
  explanation: string | null;
}

/** The reason with its moments in this locale's words. */
function reasonCase(
  reason: OperationReason,
  op: OperationView,
  format: Format,
  now: number,
): ReasonCase {
  switch (reason.kind) {
    case 'imported':
      return { kind: 'imported', age: format.age(op.createdAt, now) };
    case 'restored':
      return { kind: 'restored', when: format.moment(reason.confirmedAt, now) };
    case 'rejected':
    case 'review':
    case 'expired':
    case 'key-reused':
    case 'identity-refused':
    case 'content-refused':
      return reason;
    default:
      return assertNever(reason);
  }
}

/** The catalogue's words for `c`: each kind takes its own facts (the pairing TypeScript cannot follow). */
function reasonWords(t: ShellMessages, c: ReasonCase): string {
  return (t.operations.reason[c.kind] as (c: ReasonCase) => string)(c);
}

/**
 * A reversal's original (core/fixes.ts names it by id): its id, and the change it undid, an
 * adjustment of the opposite delta; null for any other change.
 */
function reversalOf(op: Op): { id: string; original: Op } | null {
  const id = reversedIdOf(op);
  return id === null || op.type !== 'adjust'
    ? null
    : { id, original: { ...op, delta: -op.delta, reason: 'sold' } };
}

export function operationWords(
  op: OperationView,
  t: ShellMessages,
  format: Format,
  context: {
    itemName: (itemId: string) => string | null;
    now: number;
    /** The words of another change on this device, by its id (a reversal names its original). */
    summaryOf?: (operationId: string) => string | null;
  },
): OperationWords {
  const words = t.operations;
  const summaryOf = (o: Op) =>
    words.summary({
      op: o,
      itemName: o.type === 'createItem' ? o.name : itemNameOf(opItemId(o), context.itemName),
      count: format.count,
    });
  const reversal = reversalOf(op.op);
  // A reversal names its original: its words on this device, else the undone adjustment worded
  // here (never the English of the note, which is the server journal's).
  const summary =
    reversal === null
      ? summaryOf(op.op)
      : words.reverses(context.summaryOf?.(reversal.id) ?? summaryOf(reversal.original));
  const explained = op.explanation ?? null;
  const localWriteFailed = op.state === 'finishing' && explained?.kind === 'local-write-failed';
  const reason =
    op.reason === null || (op.state !== 'rejected' && op.state !== 'review')
      ? null
      : reasonWords(t, reasonCase(op.reason, op, format, context.now));
  const stateWords = localWriteFailed ? words.finishingLocal : words.state[op.state];
  const nextCheck = op.nextRetryAt === null ? null : format.time(Date.parse(op.nextRetryAt));
  return {
    summary,
    label: reason === null ? stateWords : words.withReason(stateWords, reason),
    reason,
    explanation:
      explained === null
        ? null
        : (words.explanation[explained.kind] as (e: typeof explained, f: ExplainFacts) => string)(
            explained,
            {
              summary,
              nextCheck,
              deadline: op.deadline === '' ? '' : format.moment(op.deadline, context.now),
            },
          ),
  };
}

/**
 * `wordsOf` for one list of operations. `kept` holds, across lists, the words that depend on no
 * other change: an outbox write makes new views only for the changes it touched (views are
 * immutable), so every other row keeps its words. A reversal's words name its original from
 * `operations`, so they are kept for this list only.
 */
export function operationWordsOf(
  operations: readonly OperationView[],
  kept: WeakMap<OperationView, OperationWords>,
  t: ShellMessages,
  format: Format,
  context: { itemName: (itemId: string) => string | null; now: number },
): (op: OperationView) => OperationWords {
  const ofThisList = new WeakMap<OperationView, OperationWords>();
  let byId: ReadonlyMap<string, OperationView> | null = null;
  const wordsOf = (op: OperationView): OperationWords => {
    const known = kept.get(op) ?? ofThisList.get(op);
    if (known) return known;
    let namesAnother = false;
    const words = operationWords(op, t, format, {
      ...context,
      summaryOf: (id) => {
        namesAnother = true;
        byId ??= new Map(operations.map((o) => [o.id, o]));
        const original = byId.get(id);
        return original ? wordsOf(original).summary : null;
      },
    });
    (namesAnother ? ofThisList : kept).set(op, words);
    return words;
  };
  return wordsOf;
}

/** The item's name, else its id; an operation about no item (a stock-take's own step) has none. */
function itemNameOf(id: string | null, itemName: (id: string) => string | null): string {
  return id === null ? '' : (itemName(id) ?? id);
}
