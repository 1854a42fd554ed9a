import { describe, expect, it } from 'vitest';
import type { StockOverTime } from '../client/core/stock-series';
import { chartGeometry, VIEW } from './stock-chart-geometry';

const series = (
  steps: StockOverTime['steps'],
  more: Partial<StockOverTime> = {},
): StockOverTime => ({
  from: 0,
  to: 100,
  complete: true,
  placeIds: ['main', 'back'],
  steps,
  latest: steps.length - 1,
  ...more,
});

describe('where the chart draws', () => {
  it('a step path per series: along in time, then up or down to the new quantity', () => {
    const g = chartGeometry(
      series([
        { at: 0, total: 10, places: { main: 10, back: 0 } },
        { at: 50, total: 20, places: { main: 15, back: 5 } },
      ]),
    );
    expect(g.low).toBe(0);
    expect(g.high).toBe(20);
    const PLOT = g.plot;
    const right = PLOT.left + PLOT.width;
    const bottom = PLOT.top + PLOT.height;
    const mid = PLOT.left + PLOT.width / 2;
    const y = (q: number) => Math.round((PLOT.top + ((20 - q) / 20) * PLOT.height) * 10) / 10;
    expect(g.lines).toEqual([
      { id: 'total', d: `M${PLOT.left} ${y(10)} H${mid} V${PLOT.top} H${right}` },
      { id: 'main', d: `M${PLOT.left} ${y(10)} H${mid} V${y(15)} H${right}` },
      { id: 'back', d: `M${PLOT.left} ${bottom} H${mid} V${y(5)} H${right}` },
    ]);
    expect(g.latest).toEqual({ x: mid, y: PLOT.top });
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 10, 20]);
    expect(g.xTicks.map((t) => [t.at, t.x, t.anchor])).toEqual([
      [0, PLOT.left, 'start'],
      [50, mid, 'middle'],
      [100, right, 'end'],
    ]);
  });

  it('room on the left for the longest quantity', () => {
    const left = (total: number) =>
      chartGeometry(series([{ at: 0, total, places: {} }], { placeIds: [] })).plot.left;
    expect(left(3)).toBeLessThan(left(23));
    expect(left(23)).toBeLessThan(left(12_000));
    const wide = chartGeometry(series([{ at: 0, total: 12_000, places: {} }], { placeIds: [] }));
    expect(wide.plot.left + wide.plot.width).toBeLessThan(VIEW.width);
  });

  it('round axis tops; below zero when stock went negative', () => {
    const top = (total: number) =>
      chartGeometry(series([{ at: 0, total, places: {} }], { placeIds: [] })).high;
    expect([0, 1, 3, 7, 23, 180, 999].map(top)).toEqual([2, 2, 4, 10, 40, 200, 1000]);
    const negative = chartGeometry(
      series([{ at: 0, total: -3, places: { main: -3, back: 0 } }], { latest: null }),
    );
    expect(negative.low).toBe(-4);
    expect(negative.yTicks.map((t) => t.value)).toEqual([-4, 0, 2]);
    expect(negative.latest).toBeNull();
  });
});
