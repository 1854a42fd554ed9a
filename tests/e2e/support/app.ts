/**
 * Steps a person takes in the app, by the accessible names of docs/client.md#accessible-names (the
 * same names a screen reader or voice control uses), and a recorder of every state label the page
 * showed.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export const LABEL = {
  queued: 'Saved on this device',
  sending: 'Sending…',
  unknown: 'Outcome unknown',
  checking: 'Checking outcome…',
  waiting: 'Stored · waiting to retry',
  confirmed: 'Confirmed',
} as const;

/** The status bar while the server gives no answer (the time follows, in the device's locale). */
export const UNREACHABLE = 'Server unreachable · checking again at ';

/** Words the app must never show for an operation that may have been sent. */
export const FORBIDDEN = /\b(failed|error|try again)\b/i;

export { eventually } from '../../support/eventually';

export function nav(page: Page, name: 'Items' | 'Activity' | 'Settings' | 'Tester'): Locator {
  const navigation = page.getByRole('navigation', { name: 'Main' });
  return name === 'Activity'
    ? navigation.getByRole('link', { name: /^Activity/ })
    : navigation.getByRole('link', { name, exact: true });
}

/** Items' further actions (New item, Import items, Print labels, …) under More (German: Mehr). */
export async function openMore(page: Page, name = 'More'): Promise<void> {
  const more = page.getByRole('button', { name, exact: true });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}

export async function openItem(page: Page, itemName: string): Promise<void> {
  await nav(page, 'Items').click();
  await page.getByLabel('Search items').fill(itemName);
  await page.getByRole('link', { name: itemName, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: itemName }).waitFor();
}

/** One "Save change" in the "Adjust stock" form: a new intent. */
export async function adjustStock(page: Page, delta: number, reason = 'Sold'): Promise<void> {
  const form = page.getByRole('form', { name: 'Adjust stock' });
  await form.getByLabel('Change', { exact: true }).fill(String(delta));
  await form.getByLabel('Reason').selectOption({ label: reason });
  await form.getByRole('button', { name: 'Save change' }).click();
  // The form clears once the intent is durable on the device.
  await expect.poll(() => form.getByLabel('Change', { exact: true }).inputValue()).toBe('');
}

/** The state label of this device's one change on the open item. */
export function deviceChangeLabel(page: Page): Locator {
  return page
    .getByRole('region', { name: "This device's changes" })
    .locator('.op-row__label')
    .first();
}

/**
 * Waits until this device's change on the open item reads "Confirmed" and the item's confirmed
 * quantity reads `quantity`.
 */
export async function untilConfirmed(page: Page, quantity: number): Promise<void> {
  await expect
    .poll(() => deviceChangeLabel(page).textContent(), { timeout: 60_000 })
    .toBe(LABEL.confirmed);
  await expect
    .poll(() => page.getByLabel('Confirmed quantity').textContent())
    .toBe(String(quantity));
}

/**
 * Records every state label the page showed, however briefly (a MutationObserver sees each DOM
 * commit): "<summary>: <label>" for operation rows, the text alone for detail labels and notices.
 * Returns a reader of what was recorded so far, in order.
 */
export async function recordLabels(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const last = new Map<string, string>();
    (window as unknown as { __labels: string[] }).__labels = seen;
    const note = (key: string, text: string): void => {
      if (last.get(key) === text) return;
      last.set(key, text);
      seen.push(text);
    };
    const read = (): void => {
      for (const row of document.querySelectorAll('.op-row')) {
        const summary = row.querySelector('.op-row__link')?.textContent ?? '';
        note(
          `row:${summary}`,
          `${summary}: ${row.querySelector('.op-row__label')?.textContent ?? ''}`,
        );
      }
      document.querySelectorAll('.state-label, .notice, .check-feedback').forEach((el, i) => {
        note(`el:${i}`, el.textContent ?? '');
      });
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
  return () => page.evaluate(() => [...(window as unknown as { __labels: string[] }).__labels]);
}

/** The app's operation id for the change shown on an operation's detail view. */
export async function operationIdOnDetail(page: Page): Promise<string> {
  const dd = page.locator('dt:text-is("Operation id") + dd');
  return (await dd.textContent())?.trim() ?? '';
}
