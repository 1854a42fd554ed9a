/**
 * The person's language for every screen: chosen from the browser's languages unless Settings
 * fixed one on this device (localStorage), with `<html lang>` kept in step so screen readers
 * pronounce the words right. Components read `useI18n()`: the catalogue `t` and `format`, the
 * numbers and dates in the same locale.
 *
 * Catalogues other than English load when needed (catalogues.ts). main.tsx awaits
 * `preloadLanguage()` before the first render, so a person whose language is German sees German
 * from the first frame, never English first. A language chosen later shows once its catalogue has
 * arrived (the screen stays in the language it was in meanwhile); one that cannot be loaded
 * (offline, never cached) leaves the app in English and is tried again when the browser is online.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { warmLanguages } from '../pwa/warm-up';
import { makeFormat, type Format } from '../format';
import { loadCatalogue, loadedCatalogues, subscribeToCatalogues } from './catalogues';
import type { Messages } from './en';
import { chooseLanguage, parseChoice, type Language, type LanguageChoice } from './language';

/** Per device, not per person: the phone's language choice outlives sign-ins. */
const STORAGE_KEY = 'stockroom.language';

export interface I18n {
  language: Language;
  locale: string;
  t: Messages;
  format: Format;
  choice: LanguageChoice;
  setChoice: (choice: LanguageChoice) => void;
}

function readChoice(): LanguageChoice {
  try {
    return parseChoice(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage refused (a sandboxed frame): follow the browser.
    return 'auto';
  }
}

function subscribeToBrowserLanguages(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** Joined, so the snapshot compares by value (navigator.languages may be a new array each read). */
const browserLanguages = (): string => navigator.languages.join(',');
const splitLanguages = (joined: string): string[] => (joined ? joined.split(',') : []);

const I18nContext = createContext<I18n | null>(null);

/**
 * Before the first render: loads the catalogue of the language this device will speak. Never
 * fails; without the catalogue the app opens in English.
 */
export async function preloadLanguage(): Promise<void> {
  const { language } = chooseLanguage(readChoice(), splitLanguages(browserLanguages()));
  await loadCatalogue(language);
}

export function I18nProvider({ children }: { children: ReactNode }): ReactNode {
  const [choice, setChoiceState] = useState<LanguageChoice>(readChoice);
  const languages = useSyncExternalStore(subscribeToBrowserLanguages, browserLanguages);
  const catalogues = useSyncExternalStore(subscribeToCatalogues, loadedCatalogues);
  const wanted = chooseLanguage(choice, splitLanguages(languages));
  const missing = catalogues[wanted.language] ? null : wanted.language;

  // The wanted catalogue is not here yet: load it, and again whenever the browser is back online.
  useEffect(() => {
    if (missing === null) return undefined;
    const load = (): void => void loadCatalogue(missing);
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [missing]);

  // Another tab of this device changed the choice.
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key === STORAGE_KEY) setChoiceState(parseChoice(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo((): I18n => {
    const chosen = chooseLanguage(choice, splitLanguages(languages));
    // Until the chosen catalogue has arrived: English (always loaded), in the browser's variant.
    const shown = catalogues[chosen.language]
      ? chosen
      : chooseLanguage('en', splitLanguages(languages));
    const { language, locale } = shown;
    const t = catalogues[language] ?? catalogues.en;
    const setChoice = (next: LanguageChoice): void => {
      try {
        if (next === 'auto') localStorage.removeItem(STORAGE_KEY);
        else localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Not stored: the choice still holds until the app is closed.
      }
      setChoiceState(next);
    };
    return { language, locale, t, format: makeFormat(locale, t.format), choice, setChoice };
  }, [choice, languages, catalogues]);

  useEffect(() => {
    document.documentElement.lang = value.locale;
  }, [value.locale]);

  // A language other than English in use: the service worker keeps its catalogue for offline use.
  useEffect(() => {
    if (value.language !== 'en') void warmLanguages();
  }, [value.language]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('I18nProvider is missing');
  return i18n;
}
