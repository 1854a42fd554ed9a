/**
 * Plurals by the language's own rules (`Intl.PluralRules`), never a hand-written `n === 1`: the
 * catalogue gives the forms its language has (English and German: one, other), the rules pick.
 */
import type { Language } from './language';

/** The words for `n`: `one` where the language says "one" (1, not 1.0 written as 1.5), else `other`. */
export type Plural = (n: number, one: string, other: string) => string;

export function pluralRules(language: Language): Plural {
  const rules = new Intl.PluralRules(language);
  return (n, one, other) => (rules.select(n) === 'one' ? one : other);
}
