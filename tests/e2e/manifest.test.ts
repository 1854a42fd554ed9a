/**
 * Installable: the web app manifest the built app links to is served, Chromium parses it without
 * complaint, and what it promises (name, start URL, display, theme colour, icons) is there.
 */
import { describe, expect, it } from 'vitest';
import { newPhoneContext } from './support/browser';
import { useScene } from './support/scene';

const scene = useScene();

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

/** The decoded size of a PNG (its IHDR chunk), to check an icon is the size it claims. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('is linked, served, parsed by Chromium, and names what an install needs', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await page.goto(scene.server.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const url = new URL(href ?? '', `${scene.server.url}/`).href;

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json/);
    const manifest = (await served.json()) as Manifest;

    // Chromium's own reading of it: no parse errors, and the same document.
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    expect(read.url).toBe(url);
    expect(read.errors).toEqual([]);

    expect(manifest).toMatchObject({
      name: 'Stockroom',
      short_name: 'Stockroom',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const themeMeta = await page
      .locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')
      .getAttribute('content');
    expect(themeMeta).toBe(manifest.theme_color);

    const icons = manifest.icons ?? [];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const res = await fetch(new URL(icon.src, url));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe(icon.type ?? 'image/png');
      expect(pngSize(Buffer.from(await res.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
    await cdp.detach();
    await context.close();
  });
});
