/**
 * Receipts and journal entries, built from a verdict. The receipt text is produced once, at commit,
 * with a fixed key order; replays return those bytes, never a re-rendering.
 */
import type { ItemOp, Op, Receipt } from '../../protocol/schemas';
import type { Verdict } from './decide';
import { describeEdits } from './item-edit';
import { assertNever } from '../../protocol/assert-never';

export function buildReceipt(
  operationId: string,
  op: ItemOp,
  verdict: Verdict,
  recordedAt: number,
): Receipt {
  const applied = verdict.outcome === 'applied';
  return {
    operationId,
    outcome: verdict.outcome,
    reason: applied ? null : verdict.reason,
    itemId: op.itemId,
    delta: applied ? verdict.delta : 0,
    resultingQuantity: verdict.item?.quantity ?? null,
    itemRevision: verdict.item?.revision ?? null,
    recordedAt: new Date(recordedAt).toISOString(),
    compacted: false,
  };
}

export function receiptText(receipt: Receipt): string {
  return JSON.stringify(receipt);
}

/**
 * The tombstone keeps the receipt's fields (docs/api.md#retention lists them) and says it is
 * compacted. Done on the text (the last key is `compacted`), so every adapter, in SQL or here,
 * produces the same bytes.
 */
export const LIVE_SUFFIX = '"compacted":false}';
export const COMPACTED_SUFFIX = '"compacted":true}';
export function compactReceiptText(text: string): string {
  if (!text.endsWith(LIVE_SUFFIX)) return text;
  return text.slice(0, -LIVE_SUFFIX.length) + COMPACTED_SUFFIX;
}

/** The business journal: what history shows for an applied operation. */
export interface JournalEntry {
  itemId: string;
  operationId: string;
  type: Op['type'];
  delta: number;
  resultingQuantity: number;
  /** The item's revision right after the entry: a stock-take keeps what came after its counts. */
  itemRevision: number;
  reason: string | null;
  note: string | null;
  recordedAt: number;
}

export function journalEntry(
  operationId: string,
  op: ItemOp,
  verdict: Extract<Verdict, { outcome: 'applied' }>,
  recordedAt: number,
): JournalEntry {
  return {
    itemId: op.itemId,
    operationId,
    type: op.type,
    delta: verdict.delta,
    resultingQuantity: verdict.item.quantity,
    itemRevision: verdict.item.revision,
    ...journalWords(op, verdict),
    recordedAt,
  };
}

/**
 * The history's `reason` and `note` per type: the adjustment's own reason and note; `count`;
 * `created`; `edited` with the changed fields (`SKU: LMP-14 → LMP-15`); `archived`.
 */
function journalWords(
  op: ItemOp,
  verdict: Extract<Verdict, { outcome: 'applied' }>,
): { reason: string; note: string | null } {
  switch (op.type) {
    case 'adjust':
      return { reason: op.reason, note: op.note ?? null };
    case 'count':
      return { reason: 'count', note: null };
    case 'createItem':
      return { reason: 'created', note: null };
    case 'updateItem':
      return { reason: 'edited', note: describeEdits(verdict.edits) };
    case 'archiveItem':
      return { reason: 'archived', note: null };
    default:
      return assertNever(op);
  }
}

/** The export row's payload: the effect downstream systems see, keyed by the operation id. */
export function exportPayload(receipt: Receipt, userId: string): string {
  return JSON.stringify({
    effectId: receipt.operationId,
    userId,
    itemId: receipt.itemId,
    delta: receipt.delta,
    resultingQuantity: receipt.resultingQuantity,
    recordedAt: receipt.recordedAt,
  });
}
