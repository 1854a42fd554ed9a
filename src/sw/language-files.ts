/**
 * The message catalogues other than English (src/app/i18n/catalogues.ts) are chunks of their own,
 * loaded only when their language is in use. They are not in the install precache: every first
 * visit would download German for the few who read it (bench figure `first_load_kb`). They are not
 * left to the screens' warm-up after sign-in either: a browser that asks for German shows the
 * sign-in screen in German, and that screen must open offline too. So they have a cache of their
 * own, which the worker fills when a page speaks a language other than English (its catalogue is
 * then in the browser's HTTP cache already, so that costs no second download) and after sign-in
 * (Settings can switch the language offline); the worker serves them from there first
 * (warm-cache.ts). Pure: shared by the worker, the page and the build.
 */
import type { ManifestEntry } from './after-sign-in';

/** Cache Storage name of the catalogue chunks (not the precache: workbox never fetches them). */
export const LANGUAGES_CACHE = 'stockroom-languages';

/** The page's message asking the worker to fetch the catalogues, if it does not have them yet. */
export const WARM_LANGUAGES = 'WARM_LANGUAGES';

/** For the build: marks the catalogue chunks (`files`, recorded while the bundle was written). */
export function markCatalogues<E extends ManifestEntry>(
  manifest: readonly E[],
  files: ReadonlySet<string>,
): E[] {
  return manifest.map((entry) => (files.has(entry.url) ? { ...entry, catalogue: true } : entry));
}

/**
 * For the build: every language but English has its catalogue chunk, in the manifest, and none of
 * them is loaded by the sign-in screen (then it would be in the main chunk, for everyone).
 * `catalogues`: language → its files, as the build recorded them.
 */
export function catalogueProblem(
  urls: readonly string[],
  languages: readonly string[],
  catalogues: ReadonlyMap<string, readonly string[]>,
  signIn: ReadonlySet<string>,
): string | null {
  for (const language of languages.filter((l) => l !== 'en')) {
    const files = catalogues.get(language) ?? [];
    if (files.length === 0) return `no chunk of its own for the ${language} catalogue`;
    const missing = files.filter((f) => !urls.includes(f));
    if (missing.length > 0)
      return `catalogue files missing from the manifest: ${missing.join(', ')}`;
    const early = files.filter((f) => signIn.has(f));
    if (early.length > 0)
      return `the sign-in screen loads the ${language} catalogue: ${early.join(', ')}`;
  }
  return null;
}
