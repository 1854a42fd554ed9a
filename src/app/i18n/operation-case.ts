/**
 * What a catalogue needs to word one operation: its state and the facts behind it, as the facade
 * shows them. English keeps the client core's own sentences (`core*`, the words of
 * docs/client.md#states-and-their-words); another language words the same facts itself.
 */
import type { Op, ReasonCode } from '../../protocol/schemas';
import type { OperationState } from '../../client/facade';

/** Why an operation was rejected or needs review. */
export type ReasonCase =
  | { kind: 'receipt'; reason: ReasonCode | null }
  /** `age`: how long ago it was made, in words ("3 days ago"); `core`: the core's words. */
  | { kind: 'imported'; age: string; core: string | null }
  | { kind: 'expired' }
  /**
   * Confirmed, then the server was restored from a backup without it
   * (docs/client.md#after-a-server-restore). `when`: when it was confirmed, as a moment in this
   * locale.
   */
  | { kind: 'restored'; when: string }
  /** The server refused the request itself (400/422): the core's words carry its detail. */
  | { kind: 'refused'; core: string | null };

export interface ExplainCase {
  state: OperationState;
  /** What the person decided, in this language. */
  summary: string;
  /** The core's English explanation, or null where the state needs none. */
  core: string | null;
  /** When resting work is checked again by itself ("14:02"), if planned. */
  nextCheck: string | null;
  /** finishing: the receipt arrived but this device could not store it yet. */
  localWriteFailed: boolean;
  imported: boolean;
  /** A confirmed change a restored server no longer has (Send again offered). */
  restoredMissing: boolean;
  /** The last answer's HTTP status, if any (401: waits for sign-in). */
  lastStatus: number | null;
  /**
   * The server refused it as late (410: its clock past the lease's deadline): that deadline, as a
   * moment in this locale. The device has learned the server's clock from the refusal and taken a
   * fresh lease (client/core/answers.ts `refusalClock`).
   */
  lateDeadline: string | null;
}

export interface SummaryCase {
  op: Op;
  /** The item's name as this device knows it, else its id. */
  itemName: string;
  /** The core's English summary, stored when the change was made. */
  core: string;
  /** Numbers formatted for the locale. */
  count: (n: number) => string;
}
