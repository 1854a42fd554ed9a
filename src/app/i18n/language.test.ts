import { describe, expect, it } from 'vitest';
import { chooseLanguage, parseChoice } from './language';

describe('chooseLanguage', () => {
  it('follows the first browser language Stockroom speaks', () => {
    expect(chooseLanguage('auto', ['de-DE', 'en-US'])).toEqual({ language: 'de', locale: 'de-DE' });
    expect(chooseLanguage('auto', ['fr-FR', 'de-AT', 'en'])).toEqual({
      language: 'de',
      locale: 'de-AT',
    });
    expect(chooseLanguage('auto', ['en-GB', 'de'])).toEqual({ language: 'en', locale: 'en-GB' });
  });

  it('falls back to English for languages it does not speak, or none', () => {
    expect(chooseLanguage('auto', ['fr-FR'])).toEqual({ language: 'en', locale: 'en' });
    expect(chooseLanguage('auto', [])).toEqual({ language: 'en', locale: 'en' });
  });

  it('lets the Settings choice win, keeping the browser region where it fits', () => {
    expect(chooseLanguage('en', ['de-DE'])).toEqual({ language: 'en', locale: 'en' });
    expect(chooseLanguage('de', ['en-US'])).toEqual({ language: 'de', locale: 'de' });
    expect(chooseLanguage('de', ['en-US', 'de-CH'])).toEqual({ language: 'de', locale: 'de-CH' });
  });

  it('reads an unknown stored choice as automatic', () => {
    expect(parseChoice(null)).toBe('auto');
    expect(parseChoice('fr')).toBe('auto');
    expect(parseChoice('de')).toBe('de');
  });
});
