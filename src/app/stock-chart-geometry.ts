/**
 * Where Stock over time draws (screens/stock-chart.tsx): the series of client/core/stock-series.ts
 * mapped onto a fixed SVG view box, as step paths, axis ticks and the latest change's mark. Pure.
 */
import type { StockOverTime } from '../client/core/stock-series';

/** The view box; the plot leaves room on the left for quantities and below for dates. */
export const VIEW = { width: 260, height: 160 };
const TOP = 10;
const RIGHT = 8;
const BOTTOM = 26;
/** Room for a quantity label's characters (12 px digits, group separators) and a gap. */
const CHAR = 7;
const GAP = 8;

export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ChartLine {
  /** `total`, or a place id. */
  id: string;
  d: string;
}

export interface ChartGeometry {
  plot: Plot;
  lines: ChartLine[];
  yTicks: { value: number; y: number }[];
  xTicks: { at: number; x: number; anchor: 'start' | 'middle' | 'end' }[];
  latest: { x: number; y: number } | null;
  /** The quantities at the plot's bottom and top edges. */
  low: number;
  high: number;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `v` (at least 1): a round number for an axis. */
function roundUp(v: number): number {
  if (v <= 1) return 1;
  const unit = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * unit).find((n) => n >= v) ?? 10 * unit;
}

const fixed = (n: number) => Math.round(n * 10) / 10;

export function chartGeometry(series: StockOverTime): ChartGeometry {
  const { from, to, steps, placeIds } = series;
  const values = steps.flatMap((s) => [s.total, ...placeIds.map((id) => s.places[id] ?? 0)]);
  const high = 2 * roundUp(Math.max(...values) / 2);
  const lowest = Math.min(...values);
  const low = lowest < 0 ? -2 * roundUp(-lowest / 2) : 0;
  const label = (q: number) => Math.abs(q).toLocaleString('en').length + (q < 0 ? 1 : 0);
  const left = GAP + CHAR * Math.max(label(low), label(high));
  const plot = {
    left,
    top: TOP,
    width: VIEW.width - left - RIGHT,
    height: VIEW.height - TOP - BOTTOM,
  };
  const x = (at: number) =>
    fixed(plot.left + (to === from ? plot.width : ((at - from) / (to - from)) * plot.width));
  const y = (q: number) => fixed(plot.top + ((high - q) / (high - low)) * plot.height);

  const path = (quantity: (i: number) => number): string => {
    const parts = steps.map((s, i) =>
      i === 0 ? `M${x(s.at)} ${y(quantity(i))}` : `H${x(s.at)} V${y(quantity(i))}`,
    );
    return `${parts.join(' ')} H${x(to)}`;
  };
  const lines = [
    { id: 'total', d: path((i) => steps[i]?.total ?? 0) },
    ...placeIds.map((id) => ({ id, d: path((i) => steps[i]?.places[id] ?? 0) })),
  ];
  const yValues = low < 0 ? [low, 0, high] : [0, high / 2, high];
  const latest = series.latest === null ? null : steps[series.latest];
  return {
    plot,
    lines,
    yTicks: yValues.map((value) => ({ value, y: y(value) })),
    xTicks: [
      { at: from, x: x(from), anchor: 'start' },
      { at: (from + to) / 2, x: x((from + to) / 2), anchor: 'middle' },
      { at: to, x: x(to), anchor: 'end' },
    ],
    latest: latest ? { x: x(latest.at), y: y(latest.total) } : null,
    low,
    high,
  };
}
