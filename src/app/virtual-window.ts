/** Which rows of a long fixed-height list to render, given the scroll position. Pure. */

export interface WindowInput {
  count: number;
  rowHeight: number;
  /** Viewport top minus list top, in px (negative while the list starts below the viewport top). */
  scrollOffset: number;
  viewportHeight: number;
  /** Extra rows above and below, so fast scrolling and keyboard focus find rows ready. */
  overscan: number;
}

export interface WindowRange {
  start: number;
  /** Exclusive. */
  end: number;
}

export function visibleRange(input: WindowInput): WindowRange {
  const { count, rowHeight, scrollOffset, viewportHeight, overscan } = input;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollOffset) / rowHeight);
  const last = Math.ceil(Math.max(0, scrollOffset + viewportHeight) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}
