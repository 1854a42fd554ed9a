/**
 * The message catalogues by language. English is the source and the fallback, in the main chunk;
 * every other catalogue is a chunk of its own, loaded only when its language is in use (a first
 * visit in English never downloads German: bench figure `first_load_kb`). A tiny store for
 * `useSyncExternalStore`: the loaded catalogues, and a notification when one arrives.
 *
 * Offline: the service worker keeps the catalogue chunks in a cache of their own, fetched when a
 * page speaks that language and after sign-in (src/sw/language-files.ts), so a reload offline finds
 * them; when one still cannot be loaded, the app speaks English until it can.
 */
import { en, type Messages } from './en';
import type { Language } from './language';

export type Catalogues = Readonly<Partial<Record<Language, Messages>>> & { readonly en: Messages };

/** Each catalogue but English, as a chunk of its own. */
const IMPORTS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de').then((m) => m.de),
};

let loaded: Catalogues = { en };
const inFlight = new Map<Language, Promise<boolean>>();
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
  if (language === 'en' || loaded[language]) return Promise.resolve(true);
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
  return settled;
}
