/**
 * What the client core shows: the snapshot and its parts (operations, items, connectivity,
 * warnings). Defined in the core, which derives them; the facade (facade.ts) hands them to the app.
 */
import type { Item, Op, Place, ReasonCode, Receipt, User } from '../../protocol/schemas';

export type OperationState =
  | 'queued'
  | 'sending'
  | 'unknown'
  | 'checking'
  | 'waiting'
  | 'finishing'
  | 'confirmed'
  | 'rejected'
  | 'review'
  | 'expired'
  | 'not-applied';

/** One attempt on the device's side of the timeline. */
export interface AttemptView {
  attemptId: string;
  sentAt: string;
  /** Set when a response (or a transport error) came back. */
  endedAt: string | null;
  result: 'pending' | 'response' | 'timeout' | 'network-error' | 'http-error';
  httpStatus: number | null;
  /** Parsed `Server-Timing` phases, e.g. { accept: 0.1, tx: 1.9, commit: 0.4 }. */
  serverTiming: Record<string, number>;
  /** 'send': the operation itself went out; 'status': a read-only status question. */
  kind?: 'send' | 'status';
}

/** Why an operation was rejected or needs review (words: src/app/i18n, one per kind). */
export type OperationReason =
  /** Rejected for good, with the receipt's reason if it gave one. */
  | { kind: 'rejected'; reason: ReasonCode | null }
  /** The server stored a review outcome (would go negative, stale count). */
  | { kind: 'review'; reason: ReasonCode | null }
  /** It reached the server after its deadline, so the server did not apply it. */
  | { kind: 'expired' }
  /** The server holds different content under this operation's identity. */
  | { kind: 'key-reused' }
  /** The server did not accept this device's operation identity. */
  | { kind: 'identity-refused' }
  /** The server refused the content itself (`detail`: its problem detail). */
  | { kind: 'content-refused'; detail: string }
  /** Restored from a backup: its age is the operation's `createdAt`. */
  | { kind: 'imported' }
  /** Confirmed at `confirmedAt`, then the server was restored from a backup without it. */
  | { kind: 'restored'; confirmedAt: string };

export type OperationReasonKind = OperationReason['kind'];

/** What the detail view of an operation explains (words: src/app/i18n, one per kind). */
export type Explanation =
  /** unknown (or checking after one): "No result was received for …". */
  | { kind: 'no-result' }
  | { kind: 'sign-in' }
  /** The server could not handle it just now (`detail`: what it said, if anything). */
  | { kind: 'server-problem'; detail: string | null }
  | { kind: 'retries-paused' }
  /** finishing: the server has the result, this device could not store it yet. */
  | { kind: 'local-write-failed' }
  /** Restored from a backup: the server has no record of it yet / is being asked. */
  | { kind: 'imported-not-yet' }
  | { kind: 'imported-asking' }
  /** Lost in a server restore: being asked / missing (Send again). */
  | { kind: 'restore-asking' }
  | { kind: 'restore-missing' }
  /** In review after its deadline passed. */
  | { kind: 'expired-review' }
  | { kind: 'expired' }
  | { kind: 'not-applied' }
  /**
   * Not applied because it arrived late (410: the server's clock past its lease's deadline); the
   * device has since learned the server's clock and taken a fresh lease (answers.ts `refusalClock`).
   */
  | { kind: 'not-applied-late' };

export type ExplanationKind = Explanation['kind'];

export interface OperationView {
  id: string;
  /**
   * This device's stable name for the operation: screens and links hold it, since `id` changes
   * when a never-sent operation moves to a fresh lease. An entered-again resolution's
   * `newOperationId` is the new operation's handle.
   */
  handle: string;
  userName: string;
  op: Op;
  state: OperationState;
  createdAt: string;
  /** Lease deadline: after it, the server will not apply this operation for the first time. */
  deadline: string;
  attempts: AttemptView[];
  receipt: Receipt | null;
  /** Why it was rejected or needs review, when it was (core/labels.ts); the app words it. */
  reason: OperationReason | null;
  /** Imported from a backup: never drained automatically. */
  imported: boolean;
  /**
   * Confirmed, then the server was restored from a backup that may lack it: when it was
   * confirmed, and whether the server answered that it no longer has it (**Send again**).
   * Optional so test fixtures need not set it; always set by createClient.
   */
  restored?: { confirmedAt: string; missing: boolean } | null;
  nextRetryAt: string | null;
  /**
   * What the detail view explains (e.g. `no-result`: "No result was received for …"), or null;
   * the app words it. Optional so fixtures stay short; always set by createClient.
   */
  explanation?: Explanation | null;
  /** What the person did with a review item: discarded with a note, or entered again. */
  resolution?:
    | { kind: 'discarded'; note: string; at: string }
    | { kind: 'entered-again'; newOperationId: string; at: string }
    | null;
  /** Which buttons the detail view offers. */
  canCheckAndResend?: boolean;
  canEnterAgain?: boolean;
  canDiscard?: boolean;
  /** "Cancel — not sent yet": no attempt recorded, so it provably never left the device. */
  canCancel?: boolean;
  /** "Reverse this change": a confirmed adjustment with no standing reversal. */
  canReverse?: boolean;
}

export interface ItemView extends Item {
  /** Sum of deltas of this device's operations not yet confirmed (derived, never stored). */
  pendingDelta: number;
  /**
   * The quantity of this device's latest stock count not yet confirmed, or null (derived).
   * Optional so test fixtures need not set it; always set by createClient.
   */
  pendingCount?: number | null;
  /**
   * This device's pending stock changes per place (adjustments at a place, both sides of a
   * transfer; derived). Optional so existing fixtures stay valid; always set by createClient.
   */
  pendingByPlace?: Readonly<Record<string, number>>;
}

/** `server-busy`: the server answers, but refuses work for now (503/429, Retry-After). */
export type Connectivity = 'online' | 'offline' | 'server-unreachable' | 'server-busy';

export type StorageProblem = null | 'quota-exceeded' | 'upgrade-blocked' | 'local-write-failed';

export interface DeadlineWarning {
  count: number;
  deadline: string;
}

export interface ClientSnapshot {
  ready: boolean;
  user: User | null;
  deviceName: string;
  connectivity: Connectivity;
  /** When the app next talks to the server by itself, if planned. */
  nextCheckAt: string | null;
  items: ItemView[];
  itemsRevision: number;
  /** The places as last pulled (docs/client.md#places); optional for fixtures. */
  places?: readonly Place[];
  operations: OperationView[];
  /** Operations not yet in a terminal state (the Activity badge). */
  unconfirmedCount: number;
  drain: { sent: number; total: number } | null;
  lease: { id: string; issuedAt: string; deadline: string; used: number; size: number } | null;
  warnings: DeadlineWarning[];
  /** Operations left by other users on this device: "3 changes by alex are waiting; sign in as alex…" */
  otherUsersWaiting: { userName: string; count: number }[];
  storageProblem: StorageProblem;
  /** The server runs in tester mode (SIMULATE=1). */
  testerMode: boolean;
  /** The server refused the stored session (401): sign in again; nothing is lost. */
  sessionExpired?: boolean;
  /** The Tester panel's "Step by step" switch: each state held a few seconds. */
  stepByStep?: boolean;
  /**
   * The server's clock minus this device's (ms), as last read; 0 when never read. Every
   * deadline shown follows the server's clock (a tester clock may be days ahead).
   */
  serverOffsetMs?: number;
}
