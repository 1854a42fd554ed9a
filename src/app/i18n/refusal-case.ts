/**
 * The words for a refused command (client/core/refusals.ts): one message per kind, in every
 * catalogue. A mapped type, so a kind without words in English or German is a type error.
 */
import type { RefusalKind, RefusalOf } from '../../client/facade';

export type RefusalWords = {
  readonly [K in RefusalKind]: (refusal: RefusalOf<K>, count: (n: number) => string) => string;
};
