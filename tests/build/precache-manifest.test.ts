/** The build's precache marks and checks (scripts/precache-manifest.ts). */
import { describe, expect, it } from 'vitest';
import {
  catalogueProblem,
  markAfterSignIn,
  markCatalogues,
  readerProblem,
  signInProblem,
} from '../../scripts/precache-manifest';
import type { ManifestEntry } from '../../src/sw/after-sign-in';

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

describe('the build marks what the sign-in screen does not load', () => {
  it('marks hashed assets outside the sign-in set, never the shell, manifest or favicon', () => {
    const marked = markAfterSignIn(manifest, signIn);
    expect(marked.filter((e) => e.afterSignIn).map((e) => e.url)).toEqual([
      SCREENS,
      WASM,
      CHUNK,
      GERMAN,
      PANEL_CSS,
    ]);
    expect(marked.map((e) => e.url)).toEqual(manifest.map((e) => e.url));
  });

  it('refuses a build whose sign-in set is empty or not in the manifest', () => {
    const urls = manifest.map((e) => e.url);
    expect(signInProblem(urls, signIn)).toBeNull();
    expect(signInProblem(urls, new Set())).toMatch(/no sign-in files/);
    expect(signInProblem(urls, new Set([MAIN, 'assets/gone-AAAAAAAA.js']))).toMatch(/gone-/);
  });
});

const LANG_MAIN = 'assets/index-D9H7wZS1.js';
const LANG_SCREENS = 'assets/everyday-screens-pPgo5OyA.js';
const urls = ['index.html', LANG_MAIN, GERMAN, LANG_SCREENS];
const langSignIn = new Set([LANG_MAIN]);

describe('the message catalogues in the precache manifest', () => {
  it('marks the catalogue chunks the build recorded, and nothing else', () => {
    const manifest: ManifestEntry[] = urls.map((url) => ({ url, revision: null }));
    const marked = markCatalogues(manifest, new Set([GERMAN]));
    expect(marked.filter((e) => e.catalogue).map((e) => e.url)).toEqual([GERMAN]);
    expect(marked.map((e) => e.url)).toEqual(urls);
  });

  it('refuses a build where a language has no chunk of its own, or the sign-in screen loads it', () => {
    const catalogues = new Map([['de', [GERMAN]]]);
    expect(catalogueProblem(urls, ['en', 'de'], catalogues, langSignIn)).toBeNull();
    expect(catalogueProblem(urls, ['en', 'de'], new Map(), langSignIn)).toMatch(/de catalogue/);
    expect(catalogueProblem([LANG_MAIN], ['en', 'de'], catalogues, langSignIn)).toMatch(
      /missing.*de-/,
    );
    expect(catalogueProblem(urls, ['en', 'de'], catalogues, new Set([LANG_MAIN, GERMAN]))).toMatch(
      /sign-in screen loads the de catalogue/,
    );
  });
});

describe('the barcode reader’s files in the manifest', () => {
  it('must each be in the build’s manifest exactly once, and no other .wasm', () => {
    expect(readerProblem(['index.html', WASM, CHUNK])).toBeNull();
    expect(readerProblem(['index.html', CHUNK])).toMatch(/found \.wasm files \[\] and 1/);
    expect(readerProblem(['index.html', WASM])).toMatch(/and 0 wasm-detector chunks$/);
    expect(readerProblem([WASM, CHUNK, 'assets/zxing_writer-X1.wasm'])).toMatch(/zxing_writer/);
    expect(readerProblem([WASM, CHUNK, 'assets/wasm-detector-Other1.js'])).toMatch(/and 2 /);
  });
});
