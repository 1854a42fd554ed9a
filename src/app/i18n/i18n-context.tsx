/**
 * The person's language for every screen: chosen from the browser's languages unless Settings
 * fixed one on this device (localStorage), with `<html lang>` kept in step so screen readers
 * pronounce the words right. Components read `useI18n()`: the catalogue `t` and `format`, the
 * numbers and dates in the same locale.
 *
 * Shell components (the sign-in screen, navigation, notices: the main chunk) read
 * `useShellI18n()`, whose `t` holds English's shell words (en-shell.ts) or the whole catalogue of
 * the language shown. The screens behind sign-in read `useI18n()`: until English's screen words
 * (en.ts, a chunk of its own) have arrived it suspends, so the screen's ScreenLoader waits for them
 * as it waits for the screen's own code (src/app/lazy-screens.tsx).
 *
 * Catalogues other than English load when needed (catalogues.ts). main.tsx awaits
 * `preloadLanguage()` before the first render, so a person whose language is German sees German
 * from the first frame, never English first. A language chosen later shows once its catalogue has
 * arrived (the screen stays in the language it was in meanwhile); one that cannot be loaded
 * (offline, never cached) leaves the app in English and is tried again when the browser is online.
 */
import {
  createContext,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { warmLanguages } from '../pwa/warm-up';
import { makeFormat, type Format } from '../format';
import {
  catalogueLoad,
  loadCatalogue,
  loadedCatalogues,
  subscribeToCatalogues,
} from './catalogues';
import type { Messages } from './en';
import { enShell, type ShellMessages } from './en-shell';
import { chooseLanguage, parseChoice, type Language, type LanguageChoice } from './language';

/** Per device, not per person: the phone's language choice outlives sign-ins. */
const STORAGE_KEY = 'stockroom.language';

export interface ShellI18n {
  language: Language;
  locale: string;
  t: ShellMessages;
  format: Format;
  choice: LanguageChoice;
  setChoice: (choice: LanguageChoice) => void;
}

export interface I18n extends ShellI18n {
  t: Messages;
}

/** The shell's words, and the whole catalogue once it is here. */
interface Words {
  shell: ShellI18n;
  full: I18n | null;
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

const I18nContext = createContext<Words | null>(null);

/**
 * Before the first render: loads the catalogue of the language this device will speak. Never
 * fails; without the catalogue the app opens in English.
 */
export async function preloadLanguage(): Promise<void> {
  const { language } = chooseLanguage(readChoice(), splitLanguages(browserLanguages()));
  // English's shell words are in the main chunk; its screens' words load with the screens.
  if (language !== 'en') await loadCatalogue(language);
}

export function I18nProvider({ children }: { children: ReactNode }): ReactNode {
  const [choice, setChoiceState] = useState<LanguageChoice>(readChoice);
  const languages = useSyncExternalStore(subscribeToBrowserLanguages, browserLanguages);
  const catalogues = useSyncExternalStore(subscribeToCatalogues, loadedCatalogues);
  const wanted = chooseLanguage(choice, splitLanguages(languages));
  // English's shell words are always here; its screens' words load with the screens (useI18n).
  const missing = wanted.language === 'en' || catalogues[wanted.language] ? null : wanted.language;

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

  const value = useMemo((): Words => {
    const chosen = chooseLanguage(choice, splitLanguages(languages));
    // Until the chosen catalogue has arrived: English (always loaded), in the browser's variant.
    const shown =
      chosen.language === 'en' || catalogues[chosen.language]
        ? chosen
        : chooseLanguage('en', splitLanguages(languages));
    const { language, locale } = shown;
    const full = catalogues[language];
    const t = full ?? enShell;
    const setChoice = (next: LanguageChoice): void => {
      try {
        if (next === 'auto') localStorage.removeItem(STORAGE_KEY);
        else localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Not stored: the choice still holds until the app is closed.
      }
      setChoiceState(next);
    };
    const shell = { language, locale, t, format: makeFormat(locale, t.format), choice, setChoice };
    return { shell, full: full ? { ...shell, t: full } : null };
  }, [choice, languages, catalogues]);
  const { language, locale } = value.shell;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // A language other than English in use: the service worker keeps its catalogue for offline use.
  useEffect(() => {
    if (language !== 'en') void warmLanguages();
  }, [language]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

function useWords(): Words {
  const words = useContext(I18nContext);
  if (!words) throw new Error('I18nProvider is missing');
  return words;
}

/** The words of the app shell and the sign-in screen, always at hand. */
export function useShellI18n(): ShellI18n {
  return useWords().shell;
}

/**
 * The whole catalogue, for the screens behind sign-in: suspends until English's screen words have
 * arrived, and throws (the ScreenLoader says the screen cannot be opened) if they cannot be fetched.
 */
export function useI18n(): I18n {
  const { shell, full } = useWords();
  if (full) return full;
  const en = use(catalogueLoad('en')) ? loadedCatalogues().en : undefined;
  if (!en) throw new Error('The words of the screens could not be loaded');
  return { ...shell, t: en };
}
