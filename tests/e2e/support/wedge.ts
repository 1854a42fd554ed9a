/** A keyboard-wedge scanner on a phone (docs/client.md#places), for the scanning suites. */
import type { Page } from 'playwright-core';

/**
 * A wedge scanner's burst outside any text field: the heading is tapped first, then a keydown for
 * each character and Enter, sent together as the scanner sends them. Dispatched in the page: keys
 * typed through DevTools one at a time each wait for the page, so a page busy reading camera
 * frames on a busy machine would get them slower than any scanner types (a real scanner's keys
 * queue with their own times). A person's typing is Playwright's `keyboard.type` with a delay.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  await page.evaluate(
    (keys) => {
      const target = document.activeElement ?? document.body;
      for (const key of keys) {
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
      }
    },
    [...code, 'Enter'],
  );
}
