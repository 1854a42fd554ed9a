/**
 * The text rule (docs/api.md#the-text-rule), in one place for every schema,
 * so the server (both stores) and the client refuse the same strings with the same words.
 *
 * - Every string: well-formed Unicode (a lone surrogate would be stored as U+FFFD, i.e. wrong) and
 *   no C0/C1 control characters (PostgreSQL cannot store NUL at all; the others break lines, logs
 *   and CSV cells).
 * - Display text (names, SKUs, locations, notes) also refuses what can make one history line look
 *   like another: bidirectional embeddings, overrides and isolates, invisible spaces, and the line
 *   and paragraph separators (U+2028/U+2029: a line break, like the C0 newline).
 *   The joiners U+200C/U+200D stay allowed: Persian, Indic scripts and emoji need them; so do the
 *   bidi marks U+200E/U+200F/U+061C (they cannot reorder text, and right-to-left writers use them)
 *   and the tag characters of subdivision flag emoji.
 */
import { z } from 'zod/mini';

/** With the `u` flag, \p{Cs} matches only surrogates that are not part of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F). */
const CONTROL = /\p{Cc}/u;
/** Bidi embeddings/overrides, isolates, invisible spaces, line and paragraph separators. */
const SPOOFING = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF\u2028\u2029]/u;

export const TEXT_MESSAGES = {
  surrogate: 'must be well-formed Unicode (no lone surrogates)',
  control: 'must not contain control characters',
  spoofing: 'must not contain bidirectional controls or invisible characters',
} as const;

export type TextFault = keyof typeof TEXT_MESSAGES;

/** What is wrong with `value` under the rule for every string (and `display` text), or null. */
export function textFault(value: string, display: boolean): TextFault | null {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if (CONTROL.test(value)) return 'control';
  if (display && SPOOFING.test(value)) return 'spoofing';
  return null;
}

function checked(display: boolean): z.ZodMiniString<string> {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const fault = textFault(value, display);
      if (fault) ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES[fault] });
    }),
  );
}

/** Any string a request carries (ids, user names, passwords, device ids, tokens…). */
export const safeText = (): z.ZodMiniString<string> => checked(false);

/** Text people read in lists and history: names, SKUs, locations, notes. */
export const displayText = (min: number, max: number): z.ZodMiniString<string> =>
  checked(true).check(z.minLength(min), z.maxLength(max));
