import { describe, expect, it } from 'vitest';
import { daysAgo, historyEntry, NOW } from '../../../tests/support/client/sample-history';
import { stockOverTime } from './stock-series';

const item = (main: number, back = 0) => ({
  quantity: main + back,
  stock: [
    { placeId: 'main', quantity: main },
    { placeId: 'back', quantity: back },
  ],
});

describe('stock over time, backwards from the confirmed quantities', () => {
  it('steps back through each change: the total and each place', () => {
    const entries = [
      historyEntry(1, -2),
      historyEntry(5, 3, { placeId: 'back' }),
      historyEntry(30, 10),
    ];
    const series = stockOverTime(item(18, 3), { entries, more: false }, NOW);
    expect(series.complete).toBe(true);
    expect(series.from).toBe(daysAgo(90));
    expect(series.to).toBe(NOW);
    expect(series.placeIds).toEqual(['main', 'back']);
    expect(series.steps).toEqual([
      { at: daysAgo(90), total: 10, places: { main: 10, back: 0 } },
      { at: daysAgo(30), total: 20, places: { main: 20, back: 0 } },
      { at: daysAgo(5), total: 23, places: { main: 20, back: 3 } },
      { at: daysAgo(1), total: 21, places: { main: 18, back: 3 } },
    ]);
    expect(series.latest).toBe(3);
  });

  it('a transfer is one step: both places move, the total does not', () => {
    const at = { recordedAt: new Date(daysAgo(2)).toISOString(), reason: 'transfer' };
    const entries = [
      historyEntry(2, 4, { ...at, placeId: 'back' }),
      historyEntry(2, -4, { ...at, placeId: 'main' }),
    ];
    const series = stockOverTime(item(6, 4), { entries, more: false }, NOW);
    expect(series.steps.map((s) => [s.total, s.places])).toEqual([
      [10, { main: 10, back: 0 }],
      [10, { main: 6, back: 4 }],
    ]);
  });

  it('leaves out changes before the window and catalogue entries; a place never stocked is not drawn', () => {
    const entries = [
      historyEntry(3, 0, { type: 'updateItem', placeId: null, placeQuantity: null }),
      historyEntry(100, 5),
    ];
    const series = stockOverTime(item(7), { entries, more: true }, NOW);
    expect(series.complete).toBe(true);
    expect(series.placeIds).toEqual(['main']);
    expect(series.steps).toEqual([{ at: daysAgo(90), total: 7, places: { main: 7, back: 0 } }]);
    expect(series.latest).toBeNull();
  });

  it('without the whole window on the device, starts at the oldest change it has', () => {
    const entries = [historyEntry(2, -1), historyEntry(20, 4)];
    const series = stockOverTime(item(9), { entries, more: true }, NOW);
    expect(series.complete).toBe(false);
    expect(series.from).toBe(daysAgo(20));
    expect(series.steps.map((s) => [s.at, s.total])).toEqual([
      [daysAgo(20), 10],
      [daysAgo(2), 9],
    ]);
  });

  it('an entry without a place is at main (a server before places); a count counts its delta', () => {
    const { placeId: _p, placeQuantity: _q, ...old } = historyEntry(4, -3, { type: 'count' });
    const series = stockOverTime({ quantity: 5 }, { entries: [old], more: false }, NOW);
    expect(series.steps.map((s) => s.places)).toEqual([{ main: 8 }, { main: 5 }]);
  });

  it('a change stamped after the device clock moves the end, never drops it', () => {
    const ahead = historyEntry(0, 1, { recordedAt: new Date(NOW + 60_000).toISOString() });
    const series = stockOverTime(item(1), { entries: [ahead], more: false }, NOW);
    expect(series.to).toBe(NOW + 60_000);
    expect(series.steps.map((s) => s.total)).toEqual([0, 1]);
  });

  it('a place emptied in the window stays drawn; one holding stock without changes too', () => {
    const entries = [historyEntry(10, -2, { placeId: 'van' })];
    const series = stockOverTime(
      { quantity: 5, stock: [{ placeId: 'back', quantity: 5 }] },
      { entries, more: false },
      NOW,
    );
    expect(series.placeIds).toEqual(['back', 'van']);
  });
});
