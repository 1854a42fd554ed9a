/**
 * Injected into the built PWA by bench/figures/ui-10k-vs-100.ts (before the app's own scripts): the
 * time of the last keydown, and `armPaint(expected)`, whose promise (`paintedAfterKey()`) resolves
 * with the milliseconds from that keydown to the first frame painted after the Items screen's result
 * count read `expected` (the list and the count change in the same React commit).
 */
const WAIT_MS = 10_000;

let keyAt = Number.NaN;
let pending: Promise<number> | null = null;

addEventListener(
  'keydown',
  () => {
    keyAt = performance.now();
  },
  { capture: true },
);

function countText(): string {
  return document.querySelector('.result-count')?.textContent ?? '';
}

/** Call before the key is pressed, so the commit cannot slip by before we look. */
function armPaint(expected: string): void {
  pending = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the count never read "${expected}" (still "${countText()}")`));
    }, WAIT_MS);
    // rAF runs just before the next frame is painted; a task queued from it runs after that paint.
    const painted = () =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - keyAt), 0));
    const observer = new MutationObserver(() => {
      if (countText() !== expected) return;
      observer.disconnect();
      clearTimeout(timer);
      painted();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

function paintedAfterKey(): Promise<number> {
  if (!pending) return Promise.reject(new Error('armPaint first'));
  const p = pending;
  pending = null;
  return p;
}

/** What the figure calls in the page. */
export interface KeystrokeProbe {
  armPaint: typeof armPaint;
  paintedAfterKey: typeof paintedAfterKey;
}

const probe: KeystrokeProbe = { armPaint, paintedAfterKey };
Object.assign(globalThis, probe);
