/**
 * A clean console: a phone that signs in, opens an item, goes offline and opens items
 * again logs no console error or warning at all (useScene fails the test on any: no
 * Permissions-Policy complaint about a feature Chromium does not know, no history fetched while
 * offline, so no ERR_INTERNET_DISCONNECTED). Back online, the history comes back by itself.
 */
import { describe, expect, it } from 'vitest';
import { nav, openItem } from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();

describe('a clean console', () => {
  it('item pages offline say the history is on the server and ask nothing', async () => {
    const api = await scene.server.api();
    const [first, second] = [await demoItem(api), await demoItem(api)];
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, first.name);
    const history = page.getByRole('region', { name: 'History' });
    const UNAVAILABLE = 'The history comes from the server, which cannot be reached right now.';
    const read = async (): Promise<string> => (await history.textContent()) ?? '';
    // Read from the server: no longer loading, and not the offline words.
    await expect.poll(read).not.toMatch(/Loading|cannot be reached/);
    await context.setOffline(true);
    await nav(page, 'Items').click();
    await openItem(page, second.name);
    await history.getByText(UNAVAILABLE).waitFor();
    await context.setOffline(false);
    await expect.poll(read).not.toMatch(/Loading|cannot be reached/);
    await context.close();
  });
});
