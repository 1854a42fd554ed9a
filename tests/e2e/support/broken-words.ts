/**
 * Words a line break cut in two: a word whose `Range.getClientRects()` lies on two line boxes
 * ("Item / s", "Ar / tik / el"). A word wider than a card's inside on this screen cannot fit on one
 * line anywhere and may wrap (a 500-character note with no space, a long id); every other word
 * must stay whole, however narrow a table column or flex item squeezed its box.
 * Words are what lies between spaces; a dash or a slash inside one is a place a line may end, and
 * so is a hyphen in running text (a sentence, an item's name). A label of one or two words is not
 * running text: "Stock- / takes" in the navigation reads as two words, so there a hyphen counts.
 */
import type { Page } from 'playwright-core';

export interface BrokenWord {
  word: string;
  /** The text of the element it sits in (cut), to find it. */
  where: string;
}

export function brokenWords(page: Page): Promise<BrokenWord[]> {
  return page.evaluate(() => {
    const found: { word: string; where: string }[] = [];
    // A card's inside: the content column less a card's padding and border on each side.
    const main = document.querySelector('main') ?? document.body;
    const room = Math.min(window.innerWidth, main.clientWidth) - 2 * 24;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !text.trim()) continue;
      // Hidden text (visually-hidden captions, closed disclosures) has no lines to break.
      if (parent.closest('.visually-hidden, [hidden], template, script, style, title')) continue;
      const label = text.trim().split(/\s+/).length <= 2;
      const words = label ? /[^\s–—/]+[–—/]?/gu : /[^\s\-‐–—/]+[\-‐–—/]?/gu;
      for (const m of text.matchAll(words)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.length < 2) continue;
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        if (lines.size < 2) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (width > room) continue;
        found.push({ word: m[0], where: (parent.textContent ?? '').slice(0, 60) });
      }
    }
    return found;
  });
}
