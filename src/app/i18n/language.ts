/**
 * Which language and locale the app speaks. Pure: the browser's languages and the stored choice
 * are passed in. German for a browser whose first language Stockroom speaks is German, English
 * otherwise; Settings can fix either one on this device.
 */

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each language's own name, for the Settings choice: the same in every catalogue, so it lives
 * outside them (a catalogue other than English loads only when its language is in use).
 */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The Settings choice: follow the browser, or a fixed language. */
export type LanguageChoice = 'auto' | Language;

export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['auto', ...LANGUAGES];

export interface ChosenLanguage {
  language: Language;
  /** A BCP 47 tag for `Intl` and `<html lang>`: the browser's own variant when it has one. */
  locale: string;
}

function languageOf(tag: string): Language | null {
  const primary = tag.toLowerCase().split('-')[0];
  return LANGUAGES.find((l) => l === primary) ?? null;
}

/** A stored value that is not one of ours (an older version, a hand edit) counts as automatic. */
export function parseChoice(stored: string | null): LanguageChoice {
  return LANGUAGE_CHOICES.find((c) => c === stored) ?? 'auto';
}

/**
 * `browserLanguages`: `navigator.languages`, most preferred first. The first one Stockroom speaks
 * decides ("fr-FR, de-DE" → German); none → English. The locale keeps the browser's region
 * ("en-GB" stays British) when it is the chosen language, else the language alone.
 */
export function chooseLanguage(
  choice: LanguageChoice,
  browserLanguages: readonly string[],
): ChosenLanguage {
  const spoken = browserLanguages.filter((tag) => languageOf(tag) !== null);
  const language: Language =
    choice === 'auto' ? (spoken.map(languageOf).find((l) => l !== null) ?? 'en') : choice;
  const locale = spoken.find((tag) => languageOf(tag) === language) ?? language;
  return { language, locale };
}
