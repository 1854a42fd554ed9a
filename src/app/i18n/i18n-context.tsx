/**
 * The person's language for every screen: chosen from the browser's languages unless Settings
 * fixed one on this device (localStorage), with `<html lang>` kept in step so screen readers
 * pronounce the words right. Components read `useI18n()`: the catalogue `t` and `format`, the
 * numbers and dates in the same locale.
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
import { makeFormat, type Format } from '../format';
import { de } from './de';
import { en, type Messages } from './en';
import { chooseLanguage, parseChoice, type Language, type LanguageChoice } from './language';

export const CATALOGUES: Record<Language, Messages> = { en, de };

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

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }): ReactNode {
  const [choice, setChoiceState] = useState<LanguageChoice>(readChoice);
  const languages = useSyncExternalStore(subscribeToBrowserLanguages, browserLanguages);

  // Another tab of this device changed the choice.
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key === STORAGE_KEY) setChoiceState(parseChoice(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo((): I18n => {
    const { language, locale } = chooseLanguage(choice, languages ? languages.split(',') : []);
    const t = CATALOGUES[language];
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
  }, [choice, languages]);

  useEffect(() => {
    document.documentElement.lang = value.locale;
  }, [value.locale]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('I18nProvider is missing');
  return i18n;
}
