/**
 * Receipts and journal entries, built from a verdict. The receipt text is produced once, at commit,
 * with a fixed key order; replays return those bytes, never a re-rendering.
 */
import {
  MAIN_PLACE,
  type ItemOp,
  type Op,
  type PlaceOp,
  type Receipt,
} from '../../protocol/schemas';
import type { Verdict } from './decide';
import type { PlaceVerdict } from './decide-place';
import { describeEdits } from './item-edit';
import { placeOf, type PlaceState } from './place-state';
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

/**
 * The receipt of an operation on the place catalogue: no item (`itemId: null`), its place, no
 * quantities. Same key order as every receipt, `compacted` last (the tombstone is made on the text).
 */
export function buildPlaceReceipt(
  operationId: string,
  op: PlaceOp,
  verdict: PlaceVerdict,
  recordedAt: number,
): Receipt {
  return {
    operationId,
    outcome: verdict.outcome,
    reason: verdict.outcome === 'applied' ? null : verdict.reason,
    itemId: null,
    placeId: op.placeId,
    delta: 0,
    resultingQuantity: null,
    itemRevision: null,
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

/**
 * The business journal: what history shows for an applied operation. `placeId`/`placeQuantity`:
 * the place of a stock change and its quantity after it (null for a catalogue change).
 */
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
  placeId: string | null;
  placeQuantity: number | null;
}

type Applied = Extract<Verdict, { outcome: 'applied' }>;

/** The stock one applied operation moved, place by place, in journal order (source first). */
export function placeMoves(op: ItemOp, verdict: Applied): { placeId: string; delta: number }[] {
  switch (op.type) {
    case 'adjust':
    case 'count':
      return [{ placeId: placeOf(op), delta: verdict.delta }];
    case 'createItem':
      return [{ placeId: MAIN_PLACE, delta: verdict.delta }];
    case 'transfer':
      return [
        { placeId: op.fromPlaceId, delta: -op.quantity },
        { placeId: op.toPlaceId, delta: op.quantity },
      ];
    case 'updateItem':
    case 'archiveItem':
      return [];
    default:
      return assertNever(op);
  }
}

/**
 * The journal entries of an applied item operation: one per place it changed (a transfer is two,
 * with the same operation id), or one without a place for a catalogue change.
 */
export function journalEntries(
  operationId: string,
  op: ItemOp,
  verdict: Applied,
  recordedAt: number,
): JournalEntry[] {
  const common = {
    itemId: op.itemId,
    operationId,
    type: op.type,
    resultingQuantity: verdict.item.quantity,
    itemRevision: verdict.item.revision,
    ...journalWords(op, verdict),
    recordedAt,
  };
  const moves = placeMoves(op, verdict);
  if (moves.length === 0) {
    return [{ ...common, delta: verdict.delta, placeId: null, placeQuantity: null }];
  }
  return moves.map((m) => ({
    ...common,
    delta: m.delta,
    placeId: m.placeId,
    placeQuantity: verdict.item.stock[m.placeId] ?? 0,
  }));
}

/**
 * The history's `reason` and `note` per type: the adjustment's own reason and note; `count`;
 * `created`; `edited` with the changed fields (`SKU: LMP-14 → LMP-15`); `archived`.
 */
function journalWords(op: ItemOp, verdict: Applied): { reason: string; note: string | null } {
  switch (op.type) {
    case 'adjust':
      return { reason: op.reason, note: op.note ?? null };
    case 'transfer':
      return { reason: 'transfer', note: op.note ?? null };
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

/**
 * The export row's payload: the effect downstream systems see, keyed by the operation id. `places`:
 * what each place gained or lost and holds now (a transfer's two sides are one effect).
 */
export function exportPayload(
  receipt: Receipt,
  userId: string,
  places: readonly { placeId: string; delta: number; quantity: number }[],
): string {
  return JSON.stringify({
    effectId: receipt.operationId,
    userId,
    itemId: receipt.itemId,
    delta: receipt.delta,
    resultingQuantity: receipt.resultingQuantity,
    recordedAt: receipt.recordedAt,
    places,
  });
}

/** The export payload of an applied item operation (its receipt and what it did per place). */
export function itemExportPayload(
  receipt: Receipt,
  userId: string,
  op: ItemOp,
  verdict: Applied,
): string {
  const places = placeMoves(op, verdict).map((m) => ({
    ...m,
    quantity: verdict.item.stock[m.placeId] ?? 0,
  }));
  return exportPayload(receipt, userId, places);
}

/** The export payload of an applied place operation: the place as it now stands. */
export function placeExportPayload(receipt: Receipt, userId: string, place: PlaceState): string {
  return JSON.stringify({
    effectId: receipt.operationId,
    userId,
    placeId: place.id,
    place,
    recordedAt: receipt.recordedAt,
  });
}
