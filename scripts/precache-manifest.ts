/**
 * Build time only (vite.config.ts's manifest transform): marks the precache manifest's entries the
 * service worker keeps out of its install precache, and refuses a build whose manifest would put
 * them back there. What the worker does with the marks, and the names it shares with the page,
 * live in src/sw (after-sign-in.ts, language-files.ts, reader-files.ts), which holds only what
 * runs in the worker or the page.
 */
import type { ManifestEntry } from '../src/sw/after-sign-in';
import { isReaderFile } from '../src/sw/reader-files';

/**
 * For the build: marks every hashed asset (`assets/…`) that the sign-in screen does not load.
 * `signIn`: the files index.html loads (its entry chunk, the chunks that imports statically, their
 * CSS). Files outside `assets/` (the shell, manifest, favicon) are always precached at install.
 */
export function markAfterSignIn<E extends ManifestEntry>(
  manifest: readonly E[],
  signIn: ReadonlySet<string>,
): E[] {
  return manifest.map((entry) =>
    entry.url.startsWith('assets/') && !signIn.has(entry.url)
      ? { ...entry, afterSignIn: true }
      : entry,
  );
}

/** For the build: the sign-in screen's files must all be in the manifest, and some must not be. */
export function signInProblem(urls: readonly string[], signIn: ReadonlySet<string>): string | null {
  const missing = [...signIn].filter((f) => !urls.includes(f));
  if (signIn.size === 0) return 'no sign-in files recorded: the signInFiles plugin did not run';
  if (missing.length > 0) return `sign-in files missing from the precache: ${missing.join(', ')}`;
  return null;
}

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

/**
 * For the build: the manifest must hold exactly one of each reader file. A renamed chunk or a new
 * zxing-wasm layout would otherwise silently put the reader back into the install precache, or
 * leave scanning without it offline.
 */
export function readerProblem(urls: readonly string[]): string | null {
  const wasm = urls.filter((u) => u.endsWith('.wasm'));
  const reader = urls.filter(isReaderFile);
  const chunk = reader.length - reader.filter((u) => u.endsWith('.wasm')).length;
  if (wasm.length === 1 && reader.length === 2 && chunk === 1) return null;
  return `expected the barcode reader's .wasm and its wasm-detector chunk once each in the precache manifest, found .wasm files [${wasm.join(', ')}] and ${chunk} wasm-detector chunks`;
}
