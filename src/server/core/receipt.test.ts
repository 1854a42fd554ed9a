import { describe, expect, it } from 'vitest';
import type { ItemOp as Op } from '../../protocol/schemas';
import type { Verdict } from './decide';
import type { ItemState } from './item-state';
import {
  buildReceipt,
  compactReceiptText,
  itemExportPayload,
  journalEntries,
  receiptText,
} from './receipt';

const AT = Date.parse('2026-11-29T17:00:00.312Z');

const lamp: ItemState = {
  id: 'lamp-14',
  sku: 'LMP-14',
  name: 'Desk lamp',
  location: 'A1',
  quantity: 10,
  revision: 8,
  barcode: null,
  lowStockThreshold: null,
  archived: false,
  fieldRevisions: {},
  stock: { main: 10 },
};

type Applied = Extract<Verdict, { outcome: 'applied' }>;
const applied = (delta: number, more: Partial<Applied> = {}): Applied => ({
  outcome: 'applied',
  delta,
  item: lamp,
  created: false,
  edits: [],
  ...more,
});

const sold: Op = { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' };

describe('receipts', () => {
  it('an applied operation: its delta and the item as it now stands, no reason', () => {
    expect(buildReceipt('L1.0', sold, applied(-2), AT)).toEqual({
      operationId: 'L1.0',
      outcome: 'applied',
      reason: null,
      itemId: 'lamp-14',
      delta: -2,
      resultingQuantity: 10,
      itemRevision: 8,
      recordedAt: '2026-11-29T17:00:00.312Z',
      compacted: false,
    });
  });

  it('a rejection or review: the reason, no delta, and the item as it stands (or none)', () => {
    expect(
      buildReceipt(
        'L1.0',
        sold,
        { outcome: 'review', reason: 'would-go-negative', item: lamp },
        AT,
      ),
    ).toMatchObject({
      outcome: 'review',
      reason: 'would-go-negative',
      delta: 0,
      resultingQuantity: 10,
    });
    expect(
      buildReceipt('L1.0', sold, { outcome: 'rejected', reason: 'unknown-item', item: null }, AT),
    ).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
      delta: 0,
      resultingQuantity: null,
      itemRevision: null,
    });
  });

  it('its text ends with the compacted flag, and compaction flips only that', () => {
    const text = receiptText(buildReceipt('L1.0', sold, applied(-2), AT));
    const compacted = compactReceiptText(text);
    expect(compacted).toBe(text.replace('"compacted":false}', '"compacted":true}'));
    expect(JSON.parse(compacted)).toEqual({ ...JSON.parse(text), compacted: true });
    // Already compacted (or not ours): left as it is.
    expect(compactReceiptText(compacted)).toBe(compacted);
  });

  it('the export payload names the effect by its operation id', () => {
    const receipt = buildReceipt('L1.0', sold, applied(-2), AT);
    expect(JSON.parse(itemExportPayload(receipt, 'u1', sold, applied(-2)))).toEqual({
      effectId: 'L1.0',
      userId: 'u1',
      itemId: 'lamp-14',
      delta: -2,
      resultingQuantity: 10,
      recordedAt: '2026-11-29T17:00:00.312Z',
      places: [{ placeId: 'main', delta: -2, quantity: 10 }],
    });
  });
});

describe('journal entries: the words history shows per type', () => {
  const entry = (op: Op, verdict: Applied = applied(0)) =>
    journalEntries('L1.0', op, verdict, AT)[0]!;

  it('an adjustment keeps its own reason and note', () => {
    expect(entry(sold, applied(-2))).toEqual({
      itemId: 'lamp-14',
      operationId: 'L1.0',
      type: 'adjust',
      delta: -2,
      resultingQuantity: 10,
      itemRevision: 8,
      reason: 'sold',
      note: null,
      recordedAt: AT,
      placeId: 'main',
      placeQuantity: 10,
    });
    expect(entry({ ...sold, note: 'broken box' } as Op).note).toBe('broken box');
  });

  it('count, created, edited (with the changed fields) and archived', () => {
    expect(
      entry({ type: 'count', itemId: 'lamp-14', quantity: 10, basedOnRevision: 7 }),
    ).toMatchObject({ type: 'count', reason: 'count', note: null });
    expect(
      entry({
        type: 'createItem',
        itemId: 'lamp-14',
        sku: 'LMP-14',
        name: 'Desk lamp',
        location: 'A1',
        initialQuantity: 10,
      }),
    ).toMatchObject({ type: 'createItem', reason: 'created', note: null });
    expect(
      entry(
        { type: 'updateItem', itemId: 'lamp-14', basedOnRevision: 7, changes: { sku: 'LMP-15' } },
        applied(0, { edits: [{ field: 'sku', from: 'LMP-14', to: 'LMP-15' }] }),
      ),
    ).toMatchObject({ type: 'updateItem', reason: 'edited', note: 'SKU: LMP-14 → LMP-15' });
    expect(entry({ type: 'archiveItem', itemId: 'lamp-14' })).toMatchObject({
      type: 'archiveItem',
      reason: 'archived',
      note: null,
    });
  });
});
