import { describe, expect, it } from 'vitest';
import { decide, type ItemState } from './decide';

const lamp: ItemState = {
  id: 'lamp-14',
  sku: 'LMP-014',
  name: 'Lamp',
  location: 'A1',
  quantity: 12,
  revision: 7,
};

describe('decide', () => {
  it('applies an adjustment and moves the revision', () => {
    const v = decide({ type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' }, lamp, false);
    expect(v).toEqual({
      outcome: 'applied',
      delta: -2,
      item: { ...lamp, quantity: 10, revision: 8 },
      created: false,
    });
  });

  it('sends an adjustment below zero to review unless allowed', () => {
    const op = { type: 'adjust', itemId: 'lamp-14', delta: -13, reason: 'sold' } as const;
    expect(decide(op, lamp, false)).toEqual({
      outcome: 'review',
      reason: 'would-go-negative',
      item: lamp,
    });
    expect(decide({ ...op, allowNegative: true }, lamp, false)).toMatchObject({
      outcome: 'applied',
      item: { quantity: -1 },
    });
    expect(decide({ ...op, delta: -12 }, lamp, false)).toMatchObject({
      outcome: 'applied',
      item: { quantity: 0 },
    });
  });

  it('rejects operations on unknown items', () => {
    expect(
      decide({ type: 'adjust', itemId: 'x', delta: 1, reason: 'received' }, null, false),
    ).toEqual({
      outcome: 'rejected',
      reason: 'unknown-item',
      item: null,
    });
    expect(
      decide({ type: 'count', itemId: 'x', quantity: 1, basedOnRevision: 0 }, null, false),
    ).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown-item',
    });
  });

  it('applies a count based on the current revision, and reviews a stale one', () => {
    const count = { type: 'count', itemId: 'lamp-14', quantity: 9, basedOnRevision: 7 } as const;
    expect(decide(count, lamp, false)).toMatchObject({
      outcome: 'applied',
      delta: -3,
      item: { quantity: 9, revision: 8 },
    });
    expect(decide({ ...count, basedOnRevision: 6 }, lamp, false)).toEqual({
      outcome: 'review',
      reason: 'stale-count',
      item: lamp,
    });
  });

  it('creates an item once, and refuses a taken id or SKU', () => {
    const create = {
      type: 'createItem',
      itemId: 'new-1',
      sku: 'NEW-1',
      name: 'New',
      location: 'B1',
      initialQuantity: 5,
    } as const;
    expect(decide(create, null, false)).toMatchObject({
      outcome: 'applied',
      delta: 5,
      created: true,
      item: { revision: 1 },
    });
    expect(decide(create, null, true)).toEqual({
      outcome: 'rejected',
      reason: 'duplicate-item',
      item: null,
    });
    expect(decide({ ...create, itemId: 'lamp-14' }, lamp, false)).toEqual({
      outcome: 'rejected',
      reason: 'duplicate-item',
      item: lamp,
    });
  });
});
