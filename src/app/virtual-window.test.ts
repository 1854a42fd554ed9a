import { describe, expect, it } from 'vitest';
import { visibleRange } from './virtual-window';

describe('visibleRange', () => {
  const base = { count: 10_000, rowHeight: 72, viewportHeight: 720, overscan: 2 };

  it('renders the rows in view plus overscan, whatever the list length', () => {
    expect(visibleRange({ ...base, scrollOffset: 0 })).toEqual({ start: 0, end: 12 });
    expect(visibleRange({ ...base, scrollOffset: 7200 })).toEqual({ start: 98, end: 112 });
  });

  it('handles a list starting below the viewport top and a list scrolled past', () => {
    expect(visibleRange({ ...base, scrollOffset: -300 })).toEqual({ start: 0, end: 8 });
    expect(visibleRange({ ...base, count: 5, scrollOffset: 10_000 })).toEqual({ start: 5, end: 5 });
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRange({ ...base, count: 0, scrollOffset: 0 })).toEqual({ start: 0, end: 0 });
  });
});
