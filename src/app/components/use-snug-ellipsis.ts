import { useLayoutEffect, type RefObject } from 'react';

/**
 * A cut name's ellipsis right after the last letter that shows. CSS cuts at a letter and leaves the
 * rest of the box blank, a gap before the words that follow ("Remove 1 from D…   : Confirmed");
 * this narrows the box to the letters that show plus the ellipsis, again whenever the line's room
 * changes (`line`: the element whose width is the room). A name read right to left keeps CSS's cut.
 */
export function useSnugEllipsis(
  ref: RefObject<HTMLElement | null>,
  lineRef: RefObject<HTMLElement | null>,
  text: string,
): void {
  useLayoutEffect(() => {
    const box = ref.current;
    const line = lineRef.current;
    if (!box || !line) return;
    const snug = (): void => {
      box.style.maxWidth = '';
      const node = box.firstChild;
      if (box.scrollWidth <= box.clientWidth || !(node instanceof Text)) return;
      if (getComputedStyle(box).direction === 'rtl') return;
      const { left, right } = box.getBoundingClientRect();
      const ellipsis = ellipsisWidth(box);
      const range = document.createRange();
      let end = left;
      for (const { index, segment } of new Intl.Segmenter().segment(node.data)) {
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        const letterEnd = range.getBoundingClientRect().right;
        if (letterEnd > right - ellipsis) break;
        end = letterEnd;
      }
      box.style.maxWidth = `${Math.ceil(end - left + ellipsis)}px`;
    };
    snug();
    const observer = new ResizeObserver(snug);
    observer.observe(line);
    return () => observer.disconnect();
  }, [ref, lineRef, text]);
}

function ellipsisWidth(box: HTMLElement): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return 0;
  context.font = getComputedStyle(box).font;
  return context.measureText('…').width;
}
