/**
 * Words a shop worker should not have to read on their screens: revisions, leases, operation ids,
 * HTTP codes (Technical details hold them, one tap away; the Tester panel is for testers).
 */
import type { Page } from 'playwright-core';

const JARGON = /\b(revision|lease|HTTP \d{3}|operation [A-Za-z0-9_-]{6,}|operation ids?)\b/i;

/** The texts on screen that show jargon (closed disclosures and hidden text do not count). */
export function visibleJargon(page: Page): Promise<string[]> {
  return page.getByText(JARGON).filter({ visible: true }).allTextContents();
}
