/**
 * The message catalogues by language. English is the source and the fallback: its shell words
 * (en-shell.ts: the sign-in screen, navigation, notices) are in the main chunk; the whole English
 * catalogue (en.ts, the words of the screens behind sign-in) and every other catalogue are chunks
 * loaded when in use (a cold visit to the sign-in screen downloads neither German nor the screens'
 * words: bench figure `first_load_kb`). A tiny store for `useSyncExternalStore`: the loaded
 * catalogues, and a notification when one arrives.
 *
 * Offline: the service worker keeps the other languages' chunks in a cache of their own, fetched
 * when a page speaks that language and after sign-in (src/sw/language-files.ts), and English's
 * chunk with the screens after sign-in (src/sw/after-sign-in.ts), so a reload offline finds them;
 * when another language still cannot be loaded, the app speaks English until it can.
 */
import type { Messages } from './en';
import type { Language } from './language';

export type Catalogues = Readonly<Partial<Record<Language, Messages>>>;

/** Each catalogue as a chunk of its own. */
const IMPORTS: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
};

let loaded: Catalogues = {};
const inFlight = new Map<Language, Promise<boolean>>();
/** The latest load of each language, pending or failed (for a screen waiting on it: `use`). */
const latest = new Map<Language, Promise<boolean>>();
const listeners = new Set<() => void>();

/** The catalogues loaded so far (a new object after each load, so it compares by identity). */
export const loadedCatalogues = (): Catalogues => loaded;

export function subscribeToCatalogues(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * Loads `language`'s catalogue once; true when it is there. A failed load (offline, its chunk not
 * cached) resolves false and is forgotten, so a later call tries again.
 */
export function loadCatalogue(language: Language): Promise<boolean> {
  if (loaded[language]) return Promise.resolve(true);
  const pending = inFlight.get(language);
  if (pending) return pending;
  const load = IMPORTS[language]().then(
    (messages) => {
      loaded = { ...loaded, [language]: messages };
      for (const listener of listeners) listener();
      return true;
    },
    () => false,
  );
  const settled = load.finally(() => inFlight.delete(language));
  inFlight.set(language, settled);
  latest.set(language, settled);
  return settled;
}

/**
 * The same promise for every render that waits on `language`'s catalogue: the load in flight, or
 * the latest one that failed (a reload tries again), else a new load.
 */
export function catalogueLoad(language: Language): Promise<boolean> {
  if (loaded[language]) return Promise.resolve(true);
  return latest.get(language) ?? loadCatalogue(language);
}
