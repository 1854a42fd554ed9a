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
  Op,
  UpdateItemOp,
  ArchiveItemOp,
  TransferOp,
  CreatePlaceOp,
  UpdatePlaceOp,
  ArchivePlaceOp,
  StocktakeDetail,
  StocktakeOp,
  StocktakesResponse,
} from '../protocol/schemas';
import type { PeopleClient } from './people-commands';
export type { PeopleClient, PeopleResult } from './people-commands';
import type { Refusal } from './core/refusals';
import type { ItemQuantities, KeptHistory } from './core/stock-history';
import type { ClientSnapshot, OperationView } from './core/views';
export type { Refusal, RefusalKind, RefusalOf } from './core/refusals';

export type {
  OperationState,
  AttemptView,
  OperationView,
  OperationReason,
  OperationReasonKind,
  Explanation,
  ExplanationKind,
  ItemView,
  Connectivity,
  StorageProblem,
  DeadlineWarning,
  ClientSnapshot,
} from './core/views';

export interface DeliveryInput {
  placeId: string;
  lines: readonly { itemId: string; quantity: number }[];
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

/** A command's outcome: done, or refused with why (a typed value the app words, core/refusals.ts). */
export type CommandResult = { ok: true } | { ok: false; refusal: Refusal };

/**
 * What the Tester panel and its scenarios need beyond the person's commands. One interface, present
 * or absent as a whole (`StockroomClient.tester`): a screen asks once whether it has one.
 */
export interface TesterClient {
  /**
   * `fetch` for a same-origin API path with the session's `Authorization` header (the tester
   * routes: src/app/sim-api.ts). Rejects like fetch when the network does.
   */
  authorizedFetch(path: string, init?: RequestInit): Promise<Response>;
  /** "Step by step" on or off; remembered on this device. */
  setStepByStep(on: boolean): void;
  /** The server's clock answered (`now`); deadlines follow it from here. */
  noteServerClock(serverNow: string): void;
  /**
   * "Old backup restored": another phone of this person (this app's code on a store in memory)
   * makes the change `ageMs` ago by its clock, sends it once, and exports its backup; nothing on
   * this device changes until the person (or the scenario) imports it.
   */
  backupFromOtherDevice(change: OtherDeviceRequest): Promise<OtherDeviceBackup>;
}

export interface StockroomClient {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ClientSnapshot;
  /**
   * A finger or a key on the screen: a change may follow at once, so the sender starts no new
   * local transaction until it has (or for a moment: client/person-first.ts).
   */
  personActing(): void;

  signIn(username: string, password: string): Promise<CommandResult>;
  /** **Sign out**: this person's changes stay on the device for their next sign-in. */
  signOut(): Promise<void>;
  /**
   * **Sign out and remove data from this device**: refused (nothing removed, still signed in) while
   * this person has changes not yet confirmed; the refusal says how many.
   */
  signOutAndRemoveData(): Promise<CommandResult>;
  setDeviceName(name: string): Promise<void>;

  /** Each call is a new intent with a new operation id, durable before it resolves. */
  adjust(input: Omit<AdjustOp, 'type'>): Promise<OperationView>;
  count(input: Omit<CountOp, 'type'>): Promise<OperationView>;
  createItem(input: Omit<CreateItemOp, 'type'>): Promise<OperationView>;
  /** Catalogue changes (managers; the server refuses others with `not-allowed`). */
  updateItem(input: Omit<UpdateItemOp, 'type'>): Promise<OperationView>;
  archiveItem(input: Omit<ArchiveItemOp, 'type'>): Promise<OperationView>;
  /**
   * An item import: one new operation (own id) per entry, all saved in one local
   * transaction (all or none) and sent later by the sender like any change. Resolves with the
   * new operations' stable handles, in order (an id may change before its first attempt, when a
   * fresh lease arrives; the handle does not).
   */
  importItems(ops: readonly (CreateItemOp | UpdateItemOp)[]): Promise<{ ids: string[] }>;
  /** **Move stock** (docs/client.md#places): one `transfer`, offline like every change. */
  transfer(input: Omit<TransferOp, 'type'>): Promise<OperationView>;
  /** **Places** in Settings (managers; the server refuses others with `not-allowed`). */
  createPlace(input: Omit<CreatePlaceOp, 'type'>): Promise<OperationView>;
  updatePlace(input: Omit<UpdatePlaceOp, 'type'>): Promise<OperationView>;
  archivePlace(input: Omit<ArchivePlaceOp, 'type'>): Promise<OperationView>;
  /**
   * **Save delivery**: one `adjust` (reason `received`, at `placeId`) per line, every line saved in
   * ONE local transaction (all or none); resolves with the new operations' handles, in order.
   */
  saveDelivery(input: DeliveryInput): Promise<{ ids: string[] }>;

  /** "Check and resend safely": same id, a new round of recovery. */
  checkAndResend(operationId: string): Promise<void>;
  /** Review actions: a new intent (new id) from a reviewed one; or discard with a note. */
  enterAgainAsNew(operationId: string, edited?: Op): Promise<OperationView>;
  discard(operationId: string, note: string): Promise<void>;
  /**
   * Fixing mistakes. "Cancel — not sent yet": removes an operation with no recorded
   * attempt in one local transaction (nothing is sent); rejects with kind 'not-allowed' once any
   * attempt is recorded. "Reverse this change": a new adjustment of the opposite delta (reason
   * `correction`, its note naming the original), with its own id.
   */
  cancelUnsent(operationId: string): Promise<void>;
  reverse(operationId: string): Promise<OperationView>;

  refreshItems(): Promise<void>;
  history(itemId: string, before?: string): Promise<HistoryResponse>;
  /**
   * Stock over time's history of an item (docs/client.md#stock-over-time): fetched back 90 days,
   * kept on this device with the item's confirmed quantities (`item`, as the screen has them); when
   * the server does not answer, what was kept; null when there is neither.
   */
  stockHistory(itemId: string, item: ItemQuantities): Promise<KeptHistory | null>;
  /** What was kept on this device, without asking the server (offline). */
  keptStockHistory(itemId: string): Promise<KeptHistory | null>;

  /** A stock-take's step (start, count, apply, cancel): an operation like any other, offline too. */
  stocktakeStep(op: StocktakeOp): Promise<OperationView>;
  /**
   * What the server says now, kept on this device for this person; when it does not answer, what
   * was kept; null when there is neither (or nobody is signed in).
   */
  stocktakes(): Promise<StocktakesResponse | null>;
  stocktake(id: string): Promise<StocktakeDetail | null>;
  /** What was kept on this device, without asking the server (offline). */
  keptStocktakes(): Promise<StocktakesResponse | null>;
  keptStocktake(id: string): Promise<StocktakeDetail | null>;

  exportBackup(): Promise<string>;
  importBackup(text: string): Promise<CommandResult>;

  /**
   * People's accounts (managers, docs/client.md#people): online calls, never queued; offline they
   * are refused with `accounts-offline` at once.
   */
  readonly people: PeopleClient;

  /** Tester mode's reach into the client: present as a whole, or absent (the UI's fake client). */
  readonly tester: TesterClient | null;

  /** Stop timers, listeners and the database connection. */
  close(): void;
}
