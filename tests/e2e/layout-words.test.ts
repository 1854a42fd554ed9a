/**
 * No word is broken across two lines on any screen (support/every-screen.ts: a long item name and
 * a note of 500 characters without a space), at 320, 390 and 1280 px, in English and German, for
 * staff and for a manager (a hyphen is no place to break "Stock-takes" either), and the
 * navigation's labels keep clear of the screen's edges; staff meet no revision, lease, operation id
 * or HTTP code; in German at a phone's width the screens are axe-clean too. Each check signs in a
 * new phone; the item's history on the server is the one layout-screens.test.ts leaves, whose busy
 * Activity removes 1 from it 26 times (here through the API).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { brokenWords } from './support/broken-words';
import { visibleJargon } from './support/jargon';
import { ITEM_ID, WIDTHS, addLongNamedItem, measure, screens } from './support/every-screen';
import { signedIn } from './support/sign-in';
import { useScene } from './support/scene';
import { adjust } from '../api/support/ops';

const scene = useScene();
/** The first of the 26 removals: a change on the server that none of these phones holds. */
let operationId = '';

beforeAll(async () => {
  const api = await scene.server.api();
  await addLongNamedItem(api);
  const lease = await api.lease('layout-busy-day');
  for (let i = 0; i < 26; i += 1) {
    const body = lease.body(adjust(ITEM_ID, -1));
    if (i === 0) operationId = body.id;
    const reply = await api.postOp(body);
    expect(reply.body, 'adjust').toMatchObject({ outcome: 'applied' });
  }
});

/** The navigation's labels closer than 4 px to the screen's edge (or past it), or on two lines. */
function navLabelsAtEdge(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const found: string[] = [];
    for (const link of document.querySelectorAll('.nav-bar__link')) {
      const range = document.createRange();
      range.selectNodeContents(link);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      if (left < 4 || right > window.innerWidth - 4) found.push(link.textContent ?? '');
    }
    return found;
  });
}

/** Screens only a manager opens (staff get "managers only" there, checked all the same). */
const PEOPLE = [
  { username: 'manager', role: 'manager' },
  { username: 'demo', role: 'staff' },
] as const;

describe('no word broken across two lines', () => {
  for (const locale of ['en-GB', 'de-DE'] as const) {
    for (const person of PEOPLE) {
      it(`${locale}, ${person.role}: at 320, 390 and 1280 px every word stays on one line`, async () => {
        const { context, p } = await signedIn(
          scene.browser,
          scene.server.url,
          locale,
          person.username,
        );
        const broken: string[] = [];
        const problems: string[] = [];
        for (const width of WIDTHS) {
          await p.setViewportSize({ width, height: 844 });
          for (const screen of screens(operationId)) {
            await p.goto(`${scene.server.url}/${screen.hash}`);
            await p.getByRole('heading', { level: 1 }).first().waitFor();
            await screen.then?.(p);
            // Lists and pages that fill in after the heading (the history, the timeline).
            await p.waitForLoadState('networkidle');
            const at = `${screen.name} at ${width} px`;
            for (const b of await brokenWords(p)) {
              broken.push(`${at}: "${b.word}" in "${b.where}"`);
            }
            // Staff read the shop's words (English here; the catalogues say the same in German).
            if (person.role === 'staff' && locale === 'en-GB' && screen.name !== 'Tester') {
              for (const words of await visibleJargon(p)) problems.push(`${at} shows "${words}"`);
            }
            for (const label of await navLabelsAtEdge(p)) {
              problems.push(`${at}: the navigation's "${label}" is at the screen's edge`);
            }
            const m = await measure(p);
            if (m.scrollWidth > m.width) problems.push(`${at} is wider than the screen`);
            if (m.underNav > 0) problems.push(`${at} ends under the navigation`);
            // English is checked in both themes in layout-screens.test.ts; German here, at a phone's width.
            if (locale === 'de-DE' && width === 390) {
              for (const v of await seriousViolations(p)) problems.push(`${at}: ${v}`);
            }
          }
        }
        await context.close();
        expect(broken).toEqual([]);
        expect(problems).toEqual([]);
      });
    }
  }
});
