/** Windowing for a long list that scrolls with the page: only rows near the viewport are rendered. */
import { useEffect, useState, type RefObject } from 'react';
import { visibleRange, type WindowRange } from './virtual-window';

interface Viewport {
  scrollOffset: number;
  viewportHeight: number;
}

export function useWindowedRows(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): WindowRange {
  const [viewport, setViewport] = useState<Viewport>({ scrollOffset: 0, viewportHeight: 800 });

  useEffect(() => {
    let frame = 0;
    const measure = (): void => {
      frame = 0;
      const top = listRef.current?.getBoundingClientRect().top ?? 0;
      const next = { scrollOffset: -top, viewportHeight: window.innerHeight };
      setViewport((prev) =>
        prev.scrollOffset === next.scrollOffset && prev.viewportHeight === next.viewportHeight
          ? prev
          : next,
      );
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [listRef, count]);

  return visibleRange({ count, rowHeight, ...viewport, overscan: 8 });
}
