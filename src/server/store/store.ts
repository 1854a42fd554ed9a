/**
 * The server's storage port. SQLite (embedded) and PostgreSQL adapters implement it and pass the
 * same contract suite (tests/support/server/store-contract.ts). Routes never see SQL.
 *
 * Times are epoch milliseconds (the injected clock's `now()`); wire timestamps are made from them.
 */
import type {
  HistoryResponse,
  Item,
  ItemsResponse,
  Op,
  PlacesResponse,
  StocktakeLine,
  StocktakeSummary,
  User,
} from '../../protocol/schemas';
import type { ReviewLine } from '../core/stocktake-decide';
import type { Reservation, Settlement, SignInAttempt } from '../core/sign-in-limits';
import type { AccountChange, AccountRefusal } from '../core/accounts';

export interface UserRow extends User {
  passwordHash: string;
}

/** A user as stored: a disabled one cannot sign in and has no sessions. */
export interface StoredUser extends UserRow {
  disabled: boolean;
}

/** A user as the managers' list shows them (`GET /api/users`, `npm run users -- list`). */
export interface StoredAccount extends StoredUser {
  /** The last sign-in (ms; null: never signed in). */
  lastSignInAt: number | null;
}

/**
 * Judges an account change inside its transaction (core/accounts.ts `judgeAccountChange`):
 * `otherManagers` counts the enabled managers besides the target, their rows locked.
 */
export type AccountJudge = (target: StoredUser, otherManagers: number) => AccountRefusal | null;

export type AccountChangeResult =
  | { kind: 'changed'; account: StoredAccount }
  | { kind: 'refused'; refusal: AccountRefusal }
  | { kind: 'not-found' };

export interface SessionRow {
  tokenHash: string;
  userId: string;
  expiresAt: number;
}

export interface NewItem {
  id: string;
  sku: string;
  name: string;
  location: string;
  quantity: number;
  barcode?: string;
  lowStockThreshold?: number;
}

/** A receipt or a tombstone, as stored for (user, operation id). */
export interface OperationRecord {
  userId: string;
  operationId: string;
  fingerprint: string;
  /** The receipt exactly as committed (JSON text). Replays return these bytes. */
  receipt: string;
  /** The lease deadline (ms); a tombstone is removed only when now > deadline + grace. */
  deadline: number;
  compacted: boolean;
}

export interface ApplyRequest {
  userId: string;
  /** The user's role now; judged inside the transaction (a refusal is a stored verdict). */
  role: User['role'];
  operationId: string;
  fingerprint: string;
  op: Op;
  /** Lease deadline (ms), judged with `now()` inside the transaction. */
  deadline: number;
  /** The client's claim, stored for explanation only. */
  createdAt: string | null;
}

export type ApplyResult =
  /** First time: effect (or stored verdict), receipt, journal and export row committed together. */
  | { kind: 'committed'; receipt: string }
  /** A record already existed, or a concurrent duplicate won the unique constraint. */
  | { kind: 'existing'; record: OperationRecord }
  /** No record and the server clock inside the transaction is past the deadline. Nothing stored. */
  | { kind: 'expired' };

export interface ApplyOptions {
  /** The server clock, read inside the transaction. */
  now: () => number;
  /** Tester fault: roll the whole transaction back as if the process died before commit. */
  failBeforeCommit?: boolean;
}

/** Phases of one apply call, for `Server-Timing` (milliseconds). */
export interface ApplyTiming {
  tx: number;
  commit: number;
}

export interface RetentionPolicy {
  receiptTtlMs: number;
  tombstoneGraceMs: number;
}

export interface ExportRow {
  effectId: string;
  payload: string;
  createdAt: number;
}

/**
 * Which database this is (docs/api.md#epoch-and-restores): `epoch` is random, made with the database and
 * made anew by every restore; `restoredFrom` names the restored backup's snapshot time (ISO).
 */
export interface DatabaseIdentity {
  epoch: string;
  restoredFrom: { takenAt: string } | null;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** How many migrations this build has (a database at a lower version is not ready). */
  readonly latestSchema: number;
  close(): Promise<void>;
  /** GET /readyz: one trivial query, the number of migrations the database has applied. */
  schemaVersion(): Promise<number>;

  /** The epoch and what it was restored from (changes only by `npm run restore`, server stopped). */
  identity(): Promise<DatabaseIdentity>;

  countUsers(): Promise<number>;
  /** false when the name is taken (so processes starting together seed demo data once). */
  insertUser(user: UserRow): Promise<boolean>;
  userByName(name: string): Promise<StoredUser | null>;
  userById(id: string): Promise<StoredUser | null>;
  /** Every user, by name (accounts from the command line and the app). */
  listUsers(): Promise<StoredAccount[]>;
  /**
   * An account change (role, disabled, password hash) of the user named `name`, judged by `judge`
   * in the same transaction, with every enabled manager's row locked; a new password or disabling
   * ends the user's sessions in that transaction too.
   */
  changeUser(
    name: string,
    change: AccountChange,
    judge: AccountJudge,
  ): Promise<AccountChangeResult>;
  /** A sign-in succeeded (the managers' list shows when). */
  recordSignIn(userId: string, at: number): Promise<void>;
  /** A cost upgrade at sign-in: replaces `from` only, so it never undoes a concurrent `passwd`. */
  upgradePasswordHash(userId: string, from: string, to: string): Promise<void>;

  insertSession(session: SessionRow): Promise<void>;
  sessionByHash(tokenHash: string): Promise<SessionRow | null>;
  /** The session and its user in one query: what authenticating every request reads. */
  sessionUser(tokenHash: string): Promise<{ session: SessionRow; user: StoredUser } | null>;
  extendSession(tokenHash: string, expiresAt: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** The cleanup job: every session whose expiry has passed (`expiresAt < now`); how many went. */
  removeExpiredSessions(now: number): Promise<number>;

  /** Demo and fixtures only: items that exist without an operation. */
  seedItems(items: NewItem[], now: number): Promise<void>;
  /**
   * The full list (`since` null) leaves archived items out; a `since` list includes the archived
   * ones that changed, with `archived: true`, so a client that has them learns to drop them.
   */
  listItems(since: number | null): Promise<ItemsResponse>;
  /**
   * Every place, archived ones too (history and stock lists still name them), or those changed
   * after the places revision `since`.
   */
  listPlaces(since: number | null): Promise<PlacesResponse>;
  /** Every item, archived ones too, ordered by id, `limit` after the id `after`: the CSV's pages. */
  catalogue(after: string | null, limit: number): Promise<Item[]>;
  /** `null` when the item does not exist. `before` is an opaque cursor from a previous page. */
  history(itemId: string, limit: number, before: string | null): Promise<HistoryResponse | null>;

  /** Every stock-take, newest first. */
  listStocktakes(): Promise<StocktakeSummary[]>;
  /**
   * One stock-take with its count lines (in recording order) and the review of every item in scope
   * (uncounted items as they are); null when there is none. Who may see what is the route's business.
   */
  stocktake(
    id: string,
  ): Promise<{ summary: StocktakeSummary; lines: StocktakeLine[]; review: ReviewLine[] } | null>;

  findOperation(userId: string, operationId: string): Promise<OperationRecord | null>;
  /**
   * Apply operations in order (a createItem before an adjust of that item works). Each has its own
   * outcome; the adapter may share one transaction, but a failure of one never half-applies another.
   */
  apply(
    requests: ApplyRequest[],
    options: ApplyOptions,
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }>;

  /** Compact receipts older than the TTL to tombstones; remove tombstones strictly past deadline + grace. */
  cleanup(now: number, policy: RetentionPolicy): Promise<{ compacted: number; removed: number }>;

  /** The export outbox: rows written with each applied effect, delivered by the export worker. */
  claimExports(limit: number, now: number): Promise<ExportRow[]>;
  markExported(effectIds: string[], now: number): Promise<void>;
  exportBacklog(): Promise<{ pending: number; oldestCreatedAt: number | null }>;
  /**
   * The cleanup job: rows delivered before `deliveredBefore` (the sink holds them now, and the
   * sink deduplicates by effect id, so nothing depends on them); how many went. Pending rows stay
   * whatever their age.
   */
  removeDeliveredExports(deliveredBefore: number): Promise<number>;

  /**
   * Sign-in limits (core/sign-in-limits.ts), shared by every process of this database and kept
   * across restarts: reads the attempt's counts and, when it is allowed, writes its hits, in ONE
   * transaction, so no process can slip an attempt past a limit another one is filling.
   */
  reserveSignIn(attempt: SignInAttempt, now: number): Promise<Reservation>;
  /** The answer to a checked attempt (core `settle`), in one transaction. */
  settleSignIn(attempt: SignInAttempt, settlement: Settlement): Promise<void>;
  /** Removes the sign-in counts whose window has passed (the cleanup job); how many. */
  pruneSignIns(now: number): Promise<number>;
}

/** The sign-in part of the port, which each adapter implements in a file of its own. */
export type SignInCounts = Pick<Store, 'reserveSignIn' | 'settleSignIn' | 'pruneSignIns'>;
