/**
 * The client core's public face: what the PWA (src/app) sees. React subscribes through
 * `useSyncExternalStore(client.subscribe, client.getSnapshot)`; every method is a command.
 * The snapshot is immutable and replaced (new object) on every change, so React can compare by identity.
 */
import type {
  AdjustOp,
  CountOp,
  CreateItemOp,
  HistoryResponse,
  Item,
  Op,
  Receipt,
  UpdateItemOp,
  ArchiveItemOp,
  User,
} from '../protocol/schemas';

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
  /** (added) 'send': the operation itself went out; 'status': a read-only status question. */
  kind?: 'send' | 'status';
}

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
  /** The words people see for `state` (spec/client.md), reason included where there is one. */
  label: string;
  /** e.g. 'Remove 2 from shelf A' */
  summary: string;
  createdAt: string;
  /** Lease deadline: after it, the server will not apply this operation for the first time. */
  deadline: string;
  attempts: AttemptView[];
  receipt: Receipt | null;
  /** Why it needs review / was rejected, in words, when it does. */
  reasonText: string | null;
  /** Imported from a backup: never drained automatically. */
  imported: boolean;
  nextRetryAt: string | null;
  /**
   * (added; optional so existing fixtures stay valid, always set by createClient)
   * The detail view's longer text, e.g. "No result was received for …", or null.
   */
  explanation?: string | null;
  /** (added) What the person did with a review item: discarded with a note, or entered again. */
  resolution?:
    | { kind: 'discarded'; note: string; at: string }
    | { kind: 'entered-again'; newOperationId: string; at: string }
    | null;
  /** (added) Which buttons the detail view offers. */
  canCheckAndResend?: boolean;
  canEnterAgain?: boolean;
  canDiscard?: boolean;
  /** (added) "Cancel — not sent yet": no attempt recorded, so it provably never left the device. */
  canCancel?: boolean;
  /** (added) "Reverse this change": a confirmed adjustment with no standing reversal. */
  canReverse?: boolean;
}

export interface ItemView extends Item {
  /** Sum of deltas of this device's operations not yet confirmed (derived, never stored). */
  pendingDelta: number;
  /**
   * (added) The quantity of this device's latest stock count not yet confirmed, or null (derived).
   * Optional so existing fixtures stay valid; always set by createClient.
   */
  pendingCount?: number | null;
}

/** `server-busy` (added): the server answers, but refuses work for now (503/429, Retry-After). */
export type Connectivity = 'online' | 'offline' | 'server-unreachable' | 'server-busy';

export type StorageProblem = null | 'quota-exceeded' | 'upgrade-blocked' | 'local-write-failed';

export interface DeadlineWarning {
  count: number;
  deadline: string;
  /** "3 changes must reach the server by Tue 14:00 or they will need review." */
  message: string;
}

export interface ClientSnapshot {
  ready: boolean;
  user: User | null;
  deviceName: string;
  connectivity: Connectivity;
  /** (added) The status bar: "Online", "Offline", "Server unreachable · checking again at 14:02". */
  connectivityLabel: string;
  /** (added) When the app next talks to the server by itself, if planned. */
  nextCheckAt: string | null;
  items: ItemView[];
  itemsRevision: number;
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
  /** (added) The server refused the stored session (401): sign in again; nothing is lost. */
  sessionExpired?: boolean;
  /** (added) The Tester panel's "Step by step" switch: each state held a few seconds. */
  stepByStep?: boolean;
  /**
   * (added) The server's clock minus this device's (ms), as last read; 0 when never read. Every
   * deadline shown follows the server's clock (a tester clock may be days ahead).
   */
  serverOffsetMs?: number;
}

export interface OtherDeviceRequest {
  op: Op;
  ageMs: number;
  deviceName: string;
  /** Called with the old phone's operation id before its one attempt (arm a fault for it here). */
  beforeSend: (operationId: string) => Promise<void>;
}

export interface OtherDeviceBackup {
  backup: string;
  operationId: string;
}

export type CommandResult = { ok: true } | { ok: false; message: string };

export interface StockroomClient {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ClientSnapshot;

  signIn(username: string, password: string): Promise<CommandResult>;
  /** **Sign out**: this person's changes stay on the device for their next sign-in. */
  signOut(): Promise<void>;
  /**
   * **Sign out and remove data from this device**: refused (nothing removed, still signed in) while
   * this person has changes not yet confirmed; the message says how many.
   */
  signOutAndRemoveData(): Promise<CommandResult>;
  setDeviceName(name: string): Promise<void>;

  /** Each call is a new intent with a new operation id, durable before it resolves. */
  adjust(input: Omit<AdjustOp, 'type'>): Promise<OperationView>;
  count(input: Omit<CountOp, 'type'>): Promise<OperationView>;
  createItem(input: Omit<CreateItemOp, 'type'>): Promise<OperationView>;
  /** (added) Catalogue changes (managers; the server refuses others with `not-allowed`). */
  updateItem(input: Omit<UpdateItemOp, 'type'>): Promise<OperationView>;
  archiveItem(input: Omit<ArchiveItemOp, 'type'>): Promise<OperationView>;
  /**
   * (added) An item import: one new operation (own id) per entry, all saved in one local
   * transaction (all or none) and sent later by the sender like any change. Resolves with the
   * new operations' stable handles, in order (an id may change before its first attempt, when a
   * fresh lease arrives; the handle does not).
   */
  importItems(ops: readonly (CreateItemOp | UpdateItemOp)[]): Promise<{ ids: string[] }>;

  /** "Check and resend safely": same id, a new round of recovery. */
  checkAndResend(operationId: string): Promise<void>;
  /** Review actions: a new intent (new id) from a reviewed one; or discard with a note. */
  enterAgainAsNew(operationId: string, edited?: Op): Promise<OperationView>;
  discard(operationId: string, note: string): Promise<void>;
  /**
   * (added) Fixing mistakes. "Cancel — not sent yet": removes an operation with no recorded
   * attempt in one local transaction (nothing is sent); rejects with kind 'not-allowed' once any
   * attempt is recorded. "Reverse this change": a new adjustment of the opposite delta (reason
   * `correction`, its note naming the original), with its own id.
   */
  cancelUnsent(operationId: string): Promise<void>;
  reverse(operationId: string): Promise<OperationView>;

  refreshItems(): Promise<void>;
  history(itemId: string, before?: string): Promise<HistoryResponse>;

  exportBackup(): Promise<string>;
  importBackup(text: string): Promise<CommandResult>;

  /**
   * (added) `fetch` for a same-origin API path with the session's `Authorization` header (the
   * tester panel's `AuthorizedFetch`). Rejects like fetch when the network does.
   */
  authorizedFetch?(path: string, init?: RequestInit): Promise<Response>;
  /** (added) Tester panel: "Step by step" on or off; remembered on this device. */
  setStepByStep?(on: boolean): void;
  /** (added) Tester panel: the server's clock answered (`now`); deadlines follow it from here. */
  noteServerClock?(serverNow: string): void;
  /**
   * (added) Tester mode, "Old backup restored": another phone of this person (this app's code on a
   * store in memory) makes the change `ageMs` ago by its clock, sends it once, and exports its
   * backup; nothing on this device changes until the person (or the scenario) imports it.
   */
  backupFromOtherDevice?(change: OtherDeviceRequest): Promise<OtherDeviceBackup>;

  /** Stop timers, listeners and the database connection. */
  close(): void;
}
