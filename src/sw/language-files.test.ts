import { describe, expect, it } from 'vitest';
import type { ManifestEntry } from './after-sign-in';
import { catalogueProblem, markCatalogues } from './language-files';

const MAIN = 'assets/index-D9H7wZS1.js';
const GERMAN = 'assets/de-BiIVGmAH.js';
const SCREENS = 'assets/everyday-screens-pPgo5OyA.js';
const urls = ['index.html', MAIN, GERMAN, SCREENS];
const signIn = new Set([MAIN]);

describe('the message catalogues in the precache manifest', () => {
  it('marks the catalogue chunks the build recorded, and nothing else', () => {
    const manifest: ManifestEntry[] = urls.map((url) => ({ url, revision: null }));
    const marked = markCatalogues(manifest, new Set([GERMAN]));
    expect(marked.filter((e) => e.catalogue).map((e) => e.url)).toEqual([GERMAN]);
    expect(marked.map((e) => e.url)).toEqual(urls);
  });

  it('refuses a build where a language has no chunk of its own, or the sign-in screen loads it', () => {
    const catalogues = new Map([['de', [GERMAN]]]);
    expect(catalogueProblem(urls, ['en', 'de'], catalogues, signIn)).toBeNull();
    expect(catalogueProblem(urls, ['en', 'de'], new Map(), signIn)).toMatch(/de catalogue/);
    expect(catalogueProblem([MAIN], ['en', 'de'], catalogues, signIn)).toMatch(/missing.*de-/);
    expect(catalogueProblem(urls, ['en', 'de'], catalogues, new Set([MAIN, GERMAN]))).toMatch(
      /sign-in screen loads the de catalogue/,
    );
  });
});
