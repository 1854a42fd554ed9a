/**
 * An item's screen asks for its history twice at once (the History list and Stock over time): the
 * device sends one request for the same page, and both get its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routedFetch } from './support/network';
import { signedIn, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("an item's history", () => {
  it('asked for twice at once is one request, both asking get the answer', async () => {
    const pages: string[] = [];
    const real = routedFetch(() => h.server.url, h.network);
    const c = await signedIn(h, {
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('/history')) pages.push(url);
        return real(input, init);
      },
    });
    const item = c.getSnapshot().items.find((i) => i.id === 'plate-26');
    if (!item) throw new Error('no plate-26 on the device');
    const [list, chart] = await Promise.all([
      c.history('plate-26'),
      c.stockHistory('plate-26', item),
    ]);
    expect(pages).toHaveLength(1);
    expect(chart?.entries).toHaveLength(list.entries.length);
    // Settled, a later look asks again: nothing is cached beyond the request in flight.
    await c.history('plate-26');
    expect(pages).toHaveLength(2);
    c.close();
  });
});
