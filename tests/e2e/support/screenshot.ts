/** The pictures of docs/screenshots (README, docs/client.md#screens), taken from the real app. */
import type { Locator, Page } from 'playwright-core';

const SHOTS = 'docs/screenshots';
/** Pixels kept around a part, so its edges are not cut. */
const MARGIN = 8;

/**
 * docs/screenshots/`name`.png at the page's width (a phone's 390 px), the screen made as tall as
 * the page so the sticky bars cover nothing: the whole page, or from the top of `from` to the
 * bottom of `to` (`to` defaults to `from`).
 */
export async function screenshot(
  page: Page,
  name: string,
  from?: Locator,
  to: Locator | undefined = from,
): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  const path = `${SHOTS}/${name}.png`;
  if (from && to) {
    const top = await from.boundingBox();
    const bottom = await to.boundingBox();
    if (!top || !bottom) throw new Error(`${name}: the part to picture is not on screen`);
    const y = Math.max(0, top.y - MARGIN);
    const clip = { x: 0, y, width: viewport.width, height: bottom.y + bottom.height + MARGIN - y };
    await page.screenshot({ path, clip });
  } else {
    await page.screenshot({ path });
  }
  await page.setViewportSize(viewport);
}
