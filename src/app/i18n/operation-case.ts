/**
 * What a catalogue needs to word one operation: its state, and why it is there as the core's
 * typed values (client/core/labels.ts), with the facts a sentence needs already formatted for the
 * locale. Each kind has its words in every catalogue: mapped types, so a kind without words in
 * English or German is a type error.
 */
import type { Op } from '../../protocol/schemas';
import type { Explanation, ExplanationKind, OperationReason } from '../../client/facade';

/** Why an operation was rejected or needs review, with its moments in words. */
export type ReasonCase =
  | Exclude<OperationReason, { kind: 'imported' | 'restored' }>
  /** `age`: how long ago it was made, in words ("3 days ago"). */
  | { kind: 'imported'; age: string }
  /**
   * Confirmed, then the server was restored from a backup without it
   * (docs/client.md#after-a-server-restore). `when`: when it was confirmed, as a moment in this
   * locale.
   */
  | { kind: 'restored'; when: string };

export type ReasonWords = {
  readonly [K in ReasonCase['kind']]: (reason: Extract<ReasonCase, { kind: K }>) => string;
};

/** What every explanation may name. */
export interface ExplainFacts {
  /** What the person decided, in this language. */
  summary: string;
  /** When resting work is checked again by itself ("14:02"), if planned. */
  nextCheck: string | null;
  /** Its lease's deadline, as a moment in this locale ('' when this device does not know it). */
  deadline: string;
}

export type ExplanationWords = {
  readonly [K in ExplanationKind]: (
    explanation: Extract<Explanation, { kind: K }>,
    facts: ExplainFacts,
  ) => string;
};

export interface SummaryCase {
  op: Op;
  /** The item's name as this device knows it, else its id. */
  itemName: string;
  /** Numbers formatted for the locale. */
  count: (n: number) => string;
}
