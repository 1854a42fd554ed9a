/**
 * A new version deployed while the app is open: the page keeps working on the old one and offers
 * "Reload to update" (workbox-window); choosing it hands over to the new service worker.
 */
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { signInUi } from './support/sign-in';
import { newPhoneContext } from './support/browser';
import { useScene } from './support/scene';

const scene = useScene();
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The same build with a changed service worker script: what a new deployment looks like. */
async function nextVersion(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-e2e-next-'));
  dirs.push(dir);
  await cp(inject('distDir'), dir, { recursive: true });
  await appendFile(join(dir, 'sw.js'), '\n// next version\n');
  // As a build would: the server sends the pre-compressed copies, which must be the new ones.
  await precompressDir(dir);
  return dir;
}

describe('update prompt', () => {
  it('offers the new version and switches to it when asked', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const prompt = page.getByText('A new version of Stockroom is ready.');
    expect(await prompt.count()).toBe(0);

    await scene.server.restart({ STATIC_DIR: await nextVersion() });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await prompt.waitFor();

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload to update' }).click(),
    ]);
    await page.getByRole('link', { name: 'Items', exact: true }).waitFor();
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waiting).toBeNull();
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});
