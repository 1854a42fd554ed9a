/**
 * What the service worker precaches at install, and what waits until someone has signed in.
 *
 * A first visit is a visit to the sign-in screen: it should download only what that screen and the
 * offline shell need (bench figure `first_load_kb`). Everything else of the build — the screens
 * behind sign-in (src/app/lazy-screens.tsx) and the barcode reader (reader-files.ts) — is listed in
 * the precache manifest, so the worker knows its hashed address, but marked `afterSignIn` by the
 * build (signInFiles in vite.config.ts: the files index.html does not load). The worker fetches
 * those into caches of their own once a signed-in page asks (warm-cache.ts), then serves them
 * cache first, so every screen opens offline. Pure: shared by the worker and the page (the build's
 * marking and checks: scripts/precache-manifest.ts).
 */
import { isReaderFile } from './reader-files';

/** Cache Storage name of the screens behind sign-in (not the precache: workbox never fetches them). */
export const SCREENS_CACHE = 'stockroom-screens';

/** The page's message asking the worker to fetch the screens, if it does not have them yet. */
export const WARM_SCREENS = 'WARM_SCREENS';

export interface ManifestEntry {
  url: string;
  revision: string | null;
  /** Set by the build on a file the sign-in screen does not load. */
  afterSignIn?: boolean;
  /** Set by the build on a message catalogue's chunk (language-files.ts). */
  catalogue?: boolean;
}

/**
 * The install precache (as workbox expects its entries), the screens' files and the reader's files
 * (as listed) for the warm-ups after sign-in, and the message catalogues' files (language-files.ts).
 * The reader is recognised by name too, so it never lands in the install precache even if the
 * build's marking missed it.
 */
export function splitManifest(manifest: readonly (string | ManifestEntry)[]): {
  install: (string | { url: string; revision: string | null })[];
  screens: string[];
  reader: string[];
  languages: string[];
} {
  const install: (string | { url: string; revision: string | null })[] = [];
  const screens: string[] = [];
  const reader: string[] = [];
  const languages: string[] = [];
  for (const entry of manifest) {
    const url = typeof entry === 'string' ? entry : entry.url;
    if (isReaderFile(url)) reader.push(url);
    else if (typeof entry !== 'string' && entry.catalogue === true) languages.push(url);
    else if (typeof entry !== 'string' && entry.afterSignIn === true) screens.push(url);
    else install.push(typeof entry === 'string' ? entry : { url, revision: entry.revision });
  }
  return { install, screens, reader, languages };
}
