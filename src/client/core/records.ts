/**
 * The records the client core reasons about: an operation, its attempts, its receipt, the lease it
 * counts against, and who is signed in. Defined here, in the core, so that the core depends on
 * nothing around it; the store's schema (store/schema.ts) lays these records out in IndexedDB.
 */
import type { Op, Receipt, User } from '../../protocol/schemas';
import type { StoredOpState } from './operation-state';

export interface ImportInfo {
  importedAt: number;
  /** When the backup was written on the device it came from. */
  exportedAt: number;
}

export type Resolution =
  | { kind: 'discarded'; note: string; at: number }
  | { kind: 'entered-again'; newOperationId: string; at: number };

export interface OperationRecord {
  id: string;
  /**
   * This device's own name for the operation, for screens and links: its first id, kept when a
   * never-sent operation moves to a fresh lease (re-keying changes `id`). Absent on records from
   * before it existed: use `handleOf` (the id, then).
   */
  handle?: string;
  userId: string;
  userName: string;
  /** Creation order on this device (the sender drains in it). */
  order: number;
  leaseId: string;
  op: Op;
  /** Local clock: for explanation, and what a round's start may change (`restartKey`). */
  createdAt: number;
  summary: string;
  state: StoredOpState;
  /**
   * Send attempts recorded so far; > 0 freezes the id forever (re-keyed only at 0:
   * docs/client.md#deadlines-and-old-work).
   */
  sendAttempts: number;
  imported: ImportInfo | null;
  resolution: Resolution | null;
  /**
   * The server's receipt, stored in the same put as the state it settles (schema v2; before, a
   * row of its own in `receipts`). Absent until one arrived.
   */
  receipt?: StoredReceipt;
  /** [userId, order] while the sender still has work on it; absent otherwise (sparse index). */
  queueKey?: [string, number];
  /** [userId, order] while it waits for a status answer (review: expired, imported). */
  checkKey?: [string, number];
  /**
   * [userId, order] while a round's start may change it (schema v5): all pending work but work
   * made here untouched since it was made (`mayRestart`), so a round's start reads only these.
   */
  restartKey?: [string, number];
}

export type AttemptResult = 'pending' | 'response' | 'timeout' | 'network-error' | 'http-error';

/** One operation's line of an attempt's timeline (as the views read it: see attempt-rows.ts). */
export interface AttemptRecord {
  operationId: string;
  /** Also the `X-Request-Id` of the HTTP request; one per request, shared by a batch. */
  attemptId: string;
  kind: 'send' | 'status';
  sentAt: number;
  endedAt: number | null;
  result: AttemptResult;
  httpStatus: number | null;
  serverTiming: Record<string, number>;
}

export type AttemptEnd = Pick<AttemptRecord, 'endedAt' | 'result' | 'httpStatus' | 'serverTiming'>;

/**
 * One request as stored (schema v3): one row per attempt, however many operations it carried,
 * with how it ended for each (a batch answers each operation with its own status). Written when
 * the attempt's operations settle; until then the attempt lives in the claims record (claims.ts).
 */
export interface AttemptRow {
  attemptId: string;
  kind: 'send' | 'status';
  sentAt: number;
  /** How the attempt ended, per operation id it carried. */
  ends: Record<string, AttemptEnd>;
  /** The keys of `ends`, for the multi-entry index `byOperation`. */
  operationIds: string[];
}

export interface StoredReceipt {
  /** The receipt exactly as the server sent it (JSON text). */
  text: string;
  receipt: Receipt;
  storedAt: number;
}

/** A row of the `receipts` store of schema v1 (moved into the operation records by v2). */
export interface ReceiptRecord extends StoredReceipt {
  operationId: string;
  userId: string;
}

export interface LeaseRecord {
  id: string;
  userId: string;
  deviceId: string;
  size: number;
  issuedAt: string;
  deadline: string;
  token: string;
  /** The next sequence number this device hands out. */
  nextSeq: number;
  /** Local clock when it arrived (refresh after ~1 h, judged without trusting clock agreement). */
  fetchedAt: number;
  /** Imported leases belong to another device's history: never used for new operations. */
  origin: 'issued' | 'imported';
}

export interface SessionMeta {
  key: 'session';
  token: string;
  user: User;
  /** The server answered 401: the person must sign in again (operations keep their ids). */
  expired: boolean;
  /** The sign-in answer said the tester routes answer this session (absent: older records, no). */
  testerMode?: boolean;
}
export interface DeviceMeta {
  key: 'device';
  deviceId: string;
  deviceName: string;
}
