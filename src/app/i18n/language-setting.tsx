import type { ReactNode } from 'react';
import { useI18n } from './i18n-context';
import { LANGUAGE_CHOICES, LANGUAGE_NAMES, parseChoice, type LanguageChoice } from './language';

/** Settings: the app's language, Automatic (the browser's) or fixed on this device. */
export function LanguageSetting(): ReactNode {
  const { t, language, choice, setChoice } = useI18n();
  const name = (c: LanguageChoice): string =>
    c === 'auto' ? t.settings.languageAuto(LANGUAGE_NAMES[language]) : LANGUAGE_NAMES[c];
  return (
    <section className="card stack" aria-labelledby="language-heading">
      <h2 id="language-heading">{t.settings.languageSection}</h2>
      <label className="field">
        <span>{t.settings.language}</span>
        <select
          value={choice}
          aria-describedby="language-hint"
          onChange={(e) => setChoice(parseChoice(e.target.value))}
        >
          {LANGUAGE_CHOICES.map((c) => (
            <option key={c} value={c} lang={c === 'auto' ? undefined : c}>
              {name(c)}
            </option>
          ))}
        </select>
      </label>
      <p id="language-hint" className="hint">
        {t.settings.languageHint}
      </p>
    </section>
  );
}
