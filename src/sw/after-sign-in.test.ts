import { describe, expect, it } from 'vitest';
import { markAfterSignIn } from '../../scripts/precache-manifest';
import { splitManifest, type ManifestEntry } from './after-sign-in';

const MAIN = 'assets/index-Z0Qp86vZ.js';
const ROUTES = 'assets/routes-cWr5Fa_-.js';
const CSS = 'assets/index-B9ouF5jZ.css';
const SCREENS = 'assets/everyday-screens-D20FdHGG.js';
const PANEL_CSS = 'assets/scan-panel-C0ybSIPV.css';
const WASM = 'assets/zxing_reader-BxB2YfIY.wasm';
const CHUNK = 'assets/wasm-detector-BC0LJ4QE.js';
const GERMAN = 'assets/de-BiIVGmAH.js';

const manifest: ManifestEntry[] = [
  { url: 'index.html', revision: 'abc' },
  { url: MAIN, revision: null },
  { url: SCREENS, revision: null },
  { url: WASM, revision: null },
  { url: ROUTES, revision: null },
  { url: CHUNK, revision: null },
  { url: GERMAN, revision: null, afterSignIn: true, catalogue: true },
  { url: PANEL_CSS, revision: null },
  { url: CSS, revision: null },
  { url: 'manifest.webmanifest', revision: 'def' },
  { url: 'favicon.svg', revision: 'ghi' },
];
const signIn = new Set([MAIN, ROUTES, CSS]);

describe('the worker splits the manifest', () => {
  it('precaches the sign-in screen and the shell at install, keeps the screens, reader and catalogues apart', () => {
    const split = splitManifest(markAfterSignIn(manifest, signIn));
    expect(split.install).toEqual([
      { url: 'index.html', revision: 'abc' },
      { url: MAIN, revision: null },
      { url: ROUTES, revision: null },
      { url: CSS, revision: null },
      { url: 'manifest.webmanifest', revision: 'def' },
      { url: 'favicon.svg', revision: 'ghi' },
    ]);
    expect(split.screens).toEqual([SCREENS, PANEL_CSS]);
    expect(split.reader).toEqual([WASM, CHUNK]);
    expect(split.languages).toEqual([GERMAN]);
  });

  it('keeps the reader out of the install precache even if unmarked, and plain strings as they are', () => {
    expect(splitManifest(['index.html', WASM, CHUNK, MAIN])).toEqual({
      install: ['index.html', MAIN],
      screens: [],
      reader: [WASM, CHUNK],
      languages: [],
    });
  });
});
