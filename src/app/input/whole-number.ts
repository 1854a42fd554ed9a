/**
 * Reading what a person typed into a quantity field, strictly: "5abc" is refused with words, never
 * read as 5 (which `parseInt` would do, and which a phone's autocorrect makes easy). Pure.
 */

import { en, type Messages } from '../i18n/en';

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

export interface WholeNumberRules {
  min: number;
  max: number;
  /** What the number is, for the messages: "the change", "the counted quantity". */
  what: string;
  /** The messages' words and numbers, in the person's language (English unless given). */
  words?: Messages['wholeNumber'];
  count?: (n: number) => string;
  /** 0 is refused (a change of nothing). */
  nonZero?: boolean;
}

/** A leading minus may be typed as "-" or as the real minus sign "−" (what the app itself shows). */
const WHOLE = /^([+\-\u2212]?)(\d{1,3}(?:,\d{3})+|\d+)$/;

/**
 * Digits as a phone's keyboard may type them: Arabic-Indic (٠–٩), Eastern Arabic-Indic (۰–۹) and
 * full-width (０–９) read as 0–9, and the Arabic thousands separator (٬) as a comma.
 */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/\u066c/g, ',');
}

export function parseWholeNumber(text: string, rules: WholeNumberRules): Parsed {
  const words = rules.words ?? en.wholeNumber;
  const show = rules.count ?? showEnglish;
  const trimmed = westernDigits(text.trim().replace(/\s+/g, ''));
  if (trimmed === '') return { ok: false, message: words.missing(rules.what) };
  const match = WHOLE.exec(trimmed);
  if (!match) {
    return { ok: false, message: words.notWhole(text.trim(), rules.min < 0) };
  }
  const sign = match[1] === '' || match[1] === '+' ? 1 : -1;
  const value = sign * Number((match[2] ?? '').replaceAll(',', ''));
  if (rules.nonZero && value === 0) {
    return { ok: false, message: words.notZero(rules.what) };
  }
  if (value < rules.min || value > rules.max) {
    return { ok: false, message: words.range(rules.what, show(rules.min), show(rules.max)) };
  }
  return { ok: true, value: value === 0 ? 0 : value };
}

function showEnglish(n: number): string {
  const text = new Intl.NumberFormat('en-US').format(Math.abs(n));
  return n < 0 ? `\u2212${text}` : text;
}

/**
 * The − / + buttons beside Change: one step from what is typed (nothing typed counts as 0). What
 * is typed but not a number is left alone, so a tap never silently replaces it.
 */
export function stepBy(text: string, step: number): string {
  const t = text.trim();
  if (t === '' || t === '-' || t === '\u2212') return String(step);
  const parsed = parseWholeNumber(t, {
    min: -Number.MAX_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    what: 'a number',
  });
  return parsed.ok ? String(parsed.value + step) : text;
}

/**
 * The sign toggle (many phone number pads have no minus key): "5" ↔ "-5"; with nothing typed yet
 * it starts a negative number ("-"), so the next digits remove.
 */
export function toggleSign(text: string): string {
  const t = text.trim();
  if (t.startsWith('-') || t.startsWith('\u2212')) return t.slice(1);
  if (t.startsWith('+')) return `-${t.slice(1)}`;
  return `-${t}`;
}
