/**
 * A refused command in the person's language: the catalogue's words for its kind
 * (i18n/*-refusals.ts), filled with its facts. Pure.
 */
import type { Refusal } from '../client/facade';
import type { ShellMessages } from './i18n/en-shell';

export function refusalWords(
  t: ShellMessages,
  refusal: Refusal,
  count: (n: number) => string,
): string {
  // Each kind's words take that kind's facts; TypeScript cannot follow the pairing through an index.
  const words = t.refusals[refusal.kind] as (r: Refusal, count: (n: number) => string) => string;
  return words(refusal, count);
}
