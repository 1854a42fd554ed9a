/**
 * The wire contract (docs/api.md), written once and used by the server (to check requests)
 * and by the browser (to check responses before they touch IndexedDB). Types come from here.
 *
 * Written with `zod/mini` (zod's functional API: the same schemas, checks and issues as classic
 * zod, but tree-shakeable), because the page and the service worker ship these schemas: classic
 * zod cost ~91 kB (uncompressed) in each. zod/mini carries no error messages of its own; the
 * server's problem details get zod's English words from ./field-errors.ts.
 */
import { z } from 'zod/mini';
import { displayText, safeText } from './text';

/** An integer, with `checks` (classic zod's `z.number().int()…`, the same schema). */
const int = (...checks: z.core.$ZodCheck<number>[]) => z.number().check(z.int(), ...checks);

/** ISO 8601 in UTC with milliseconds, as every timestamp the API emits. */
export const Timestamp = z.iso.datetime({ precision: 3 });
/** What a client may send for `createdAt`: any ISO 8601 date-time that parses. */
export const ClientTimestamp = z.iso.datetime({ offset: true, local: false });

export const ITEM_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const ItemId = z
  .string()
  .check(z.regex(ITEM_ID_PATTERN, '1–64 of a-z, 0-9 and "-", starting with a letter or digit'));
/** `<lease.id>.<seq>`; whether the lease and the seq fit is the lease check's business (step 3). */
export const OperationId = z
  .string()
  .check(
    z.maxLength(80),
    z.regex(/^[A-Za-z0-9_-]{1,64}\.(0|[1-9][0-9]{0,9})$/, 'must be "<lease id>.<sequence number>"'),
  );

/** Names, SKUs, locations and notes: the display-text rule of ./text. */
const text = displayText;

/**
 * EAN-8/UPC-A/EAN-13/ITF-14 are 8–14 digits; anything else is read as Code 128, whose printable
 * ASCII set is 1–64 characters here (spaces inside allowed, not at either end).
 */
export const BARCODE_PATTERN = /^(?:[0-9]{8,14}|[!-~](?:[ -~]{0,62}[!-~])?)$/;
export const Barcode = z
  .string()
  .check(
    z.regex(BARCODE_PATTERN, 'must be 8–14 digits, or 1–64 printable ASCII characters (Code 128)'),
  );
export const LowStockThreshold = int(z.minimum(0), z.maximum(1_000_000_000));

/** Places (docs/api.md#places) follow the item id rule; every database has `main`. */
export const PlaceId = z
  .string()
  .check(z.regex(ITEM_ID_PATTERN, '1–64 of a-z, 0-9 and "-", starting with a letter or digit'));
export const MAIN_PLACE = 'main';
export const PlaceName = text(1, 64);

export const ADJUST_REASONS = [
  'received',
  'sold',
  'damaged',
  'returned',
  'correction',
  'transfer',
] as const;
export const AdjustReason = z.enum(ADJUST_REASONS);

export const AdjustOp = z.strictObject({
  type: z.literal('adjust'),
  itemId: ItemId,
  delta: int(
    z.minimum(-1_000_000),
    z.maximum(1_000_000),
    z.refine((d) => d !== 0, 'must not be 0'),
  ),
  reason: AdjustReason,
  note: z.optional(text(0, 500)),
  allowNegative: z.optional(z.boolean()),
  /** Where the change is; absent: `main` (an absent field differs from "main" in the fingerprint). */
  placeId: z.optional(PlaceId),
});

export const CountOp = z.strictObject({
  type: z.literal('count'),
  itemId: ItemId,
  quantity: int(z.minimum(0), z.maximum(1_000_000_000)),
  basedOnRevision: int(z.minimum(0)),
  /** The place counted (its quantity becomes `quantity`); absent: `main`. */
  placeId: z.optional(PlaceId),
});

/** Stock moved between two places of one item: both sides in one transaction, or neither. */
export const TransferOp = z
  .strictObject({
    type: z.literal('transfer'),
    itemId: ItemId,
    fromPlaceId: PlaceId,
    toPlaceId: PlaceId,
    quantity: int(z.minimum(1), z.maximum(1_000_000)),
    note: z.optional(text(0, 500)),
    allowNegative: z.optional(z.boolean()),
  })
  .check(
    z.refine((t) => t.fromPlaceId !== t.toPlaceId, {
      message: 'must differ from fromPlaceId',
      path: ['toPlaceId'],
    }),
  );

export const CreatePlaceOp = z.strictObject({
  type: z.literal('createPlace'),
  placeId: PlaceId,
  name: PlaceName,
});

export const UpdatePlaceOp = z.strictObject({
  type: z.literal('updatePlace'),
  placeId: PlaceId,
  basedOnRevision: int(z.minimum(0)),
  changes: z.strictObject({ name: PlaceName }),
});

export const ArchivePlaceOp = z.strictObject({
  type: z.literal('archivePlace'),
  placeId: PlaceId,
});

export const CreateItemOp = z.strictObject({
  type: z.literal('createItem'),
  itemId: ItemId,
  sku: text(1, 64),
  name: text(1, 200),
  location: text(1, 64),
  initialQuantity: int(z.minimum(0), z.maximum(1_000_000_000)),
  barcode: z.optional(Barcode),
  lowStockThreshold: z.optional(LowStockThreshold),
});

/** The item fields an `updateItem` may change; at least one must be present. */
export const ItemChanges = z
  .strictObject({
    name: z.optional(text(1, 200)),
    sku: z.optional(text(1, 64)),
    barcode: z.optional(Barcode),
    location: z.optional(text(1, 64)),
    lowStockThreshold: z.optional(z.nullable(LowStockThreshold)),
  })
  .check(z.refine((c) => Object.keys(c).length > 0, 'must change at least one field'));
export type ItemChanges = z.infer<typeof ItemChanges>;
export const ITEM_CHANGE_FIELDS = [
  'name',
  'sku',
  'barcode',
  'location',
  'lowStockThreshold',
] as const;
export type ItemChangeField = (typeof ITEM_CHANGE_FIELDS)[number];

export const UpdateItemOp = z.strictObject({
  type: z.literal('updateItem'),
  itemId: ItemId,
  basedOnRevision: int(z.minimum(0)),
  changes: ItemChanges,
});

export const ArchiveItemOp = z.strictObject({
  type: z.literal('archiveItem'),
  itemId: ItemId,
});

/** Stock-takes (docs/http-api.md "Stock-takes"); their ids follow the item id rule. */
export const StocktakeId = ItemId;
export const STOCKTAKE_SCOPE_MAX = 10_000;
export const StartStocktakeOp = z.strictObject({
  type: z.literal('startStocktake'),
  stocktakeId: StocktakeId,
  name: text(1, 100),
  placeId: ItemId,
  blind: z.boolean(),
  itemIds: z.optional(z.array(ItemId).check(z.minLength(1), z.maxLength(STOCKTAKE_SCOPE_MAX))),
});
export const StocktakeCountOp = z.strictObject({
  type: z.literal('stocktakeCount'),
  stocktakeId: StocktakeId,
  itemId: ItemId,
  counted: int(z.minimum(0), z.maximum(1_000_000_000)),
  basedOnRevision: int(z.minimum(0)),
});
export const UNCOUNTED_CHOICES = ['leave', 'zero'] as const;
export const ApplyStocktakeOp = z.strictObject({
  type: z.literal('applyStocktake'),
  stocktakeId: StocktakeId,
  uncounted: z.enum(UNCOUNTED_CHOICES),
});
export const CancelStocktakeOp = z.strictObject({
  type: z.literal('cancelStocktake'),
  stocktakeId: StocktakeId,
});

export const Op = z.discriminatedUnion('type', [
  AdjustOp,
  CountOp,
  CreateItemOp,
  UpdateItemOp,
  ArchiveItemOp,
  TransferOp,
  CreatePlaceOp,
  UpdatePlaceOp,
  ArchivePlaceOp,
  StartStocktakeOp,
  StocktakeCountOp,
  ApplyStocktakeOp,
  CancelStocktakeOp,
]);
export type Op = z.infer<typeof Op>;
export type OpType = Op['type'];
export const OP_TYPES = [
  'adjust',
  'count',
  'createItem',
  'updateItem',
  'archiveItem',
  'transfer',
  'createPlace',
  'updatePlace',
  'archivePlace',
  'startStocktake',
  'stocktakeCount',
  'applyStocktake',
  'cancelStocktake',
] as const;
/** A stock-take's steps, and only those (what the app's stock-take screens save). */
export const StocktakeStepOp = z.discriminatedUnion('type', [
  StartStocktakeOp,
  StocktakeCountOp,
  ApplyStocktakeOp,
  CancelStocktakeOp,
]);
export type StocktakeOp = Extract<
  Op,
  { type: 'startStocktake' | 'stocktakeCount' | 'applyStocktake' | 'cancelStocktake' }
>;
/** The operations on the place catalogue. */
export type PlaceOp = Extract<Op, { type: 'createPlace' | 'updatePlace' | 'archivePlace' }>;
/** The operations on one item's stock or catalogue entry (every one but places' and stock-takes'). */
export type ItemOp = Exclude<Op, StocktakeOp | PlaceOp>;
export type TransferOp = z.infer<typeof TransferOp>;
export type CreatePlaceOp = z.infer<typeof CreatePlaceOp>;
export type UpdatePlaceOp = z.infer<typeof UpdatePlaceOp>;
export type ArchivePlaceOp = z.infer<typeof ArchivePlaceOp>;
export type StartStocktakeOp = z.infer<typeof StartStocktakeOp>;
export type StocktakeCountOp = z.infer<typeof StocktakeCountOp>;
export type ApplyStocktakeOp = z.infer<typeof ApplyStocktakeOp>;
export type CancelStocktakeOp = z.infer<typeof CancelStocktakeOp>;
export type AdjustOp = z.infer<typeof AdjustOp>;
export type CountOp = z.infer<typeof CountOp>;
export type CreateItemOp = z.infer<typeof CreateItemOp>;
export type UpdateItemOp = z.infer<typeof UpdateItemOp>;
export type ArchiveItemOp = z.infer<typeof ArchiveItemOp>;

export const OperationBody = z.strictObject({
  id: OperationId,
  /** Optional in shape: a missing token is `invalid-operation-metadata` (step 3), not a shape error. */
  lease: z.optional(safeText().check(z.maxLength(4096))),
  createdAt: z.optional(ClientTimestamp),
  op: Op,
});
export type OperationBody = z.infer<typeof OperationBody>;

export const BATCH_MAX = 500;
export const BatchBody = z.strictObject({
  operations: z.array(z.unknown()).check(z.minLength(1), z.maxLength(BATCH_MAX)),
});

export const OUTCOMES = ['applied', 'rejected', 'review'] as const;
export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;
export const REASON_CODES = [
  'unknown-item',
  'duplicate-item',
  'would-go-negative',
  'stale-count',
  'stale-edit',
  'archived-item',
  'not-allowed',
  'unknown-place',
  'duplicate-place',
  'archived-place',
  'place-not-empty',
  'main-place',
  'unknown-stocktake',
  'duplicate-stocktake',
  'stocktake-closed',
  'not-in-stocktake',
] as const;
export const ReasonCode = z.enum(REASON_CODES);
export type ReasonCode = z.infer<typeof ReasonCode>;

/**
 * The stable receipt. A replay returns the committed bytes, never a re-rendering. An operation on
 * the place catalogue has no item (`itemId: null`) and names its place (`placeId`, only there:
 * the receipts of the item operations keep the shape the previous release's app checks strictly).
 */
export const Receipt = z.strictObject({
  operationId: OperationId,
  outcome: Outcome,
  reason: z.nullable(ReasonCode),
  /** null for an operation about no single item (a place's, a stock-take's start, apply or cancel). */
  itemId: z.nullable(ItemId),
  placeId: z.optional(PlaceId),
  delta: int(),
  resultingQuantity: z.nullable(int()),
  itemRevision: z.nullable(int()),
  recordedAt: Timestamp,
  compacted: z.boolean(),
});
export type Receipt = z.infer<typeof Receipt>;

export const PROBLEM_CODES = {
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'invalid-request': 400,
  'invalid-operation-metadata': 400,
  'key-reused': 422,
  'operation-expired': 410,
  'unsupported-media-type': 415,
  'payload-too-large': 413,
  'headers-too-large': 431,
  'request-timeout': 408,
  'rate-limited': 429,
  overloaded: 503,
  'not-ready': 503,
  conflict: 409,
  'internal-error': 500,
} as const;
export type ProblemCode = keyof typeof PROBLEM_CODES;
const problemCodes = Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]];

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: int(),
  detail: z.string(),
  code: z.enum(problemCodes),
  errors: z.optional(z.array(FieldError)),
  /** `operation-expired` only: the server's clock when it refused, and the lease's deadline. */
  now: z.optional(Timestamp),
  deadline: z.optional(Timestamp),
});
export type Problem = z.infer<typeof Problem>;

export const BatchResult = z.object({
  id: z.nullable(z.string()),
  status: int(),
  receipt: z.optional(Receipt),
  problem: z.optional(Problem),
});
export const BatchResponse = z.object({ results: z.array(BatchResult) });
export type BatchResult = z.infer<typeof BatchResult>;
export type BatchResponse = z.infer<typeof BatchResponse>;

export const OperationStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('processed'), receipt: Receipt }),
  z.object({ state: z.literal('not-yet'), acceptUntil: Timestamp }),
  z.object({ state: z.literal('never-applied') }),
  z.object({ state: z.literal('forgotten') }),
]);
export type OperationStatus = z.infer<typeof OperationStatus>;

export const LeaseRequest = z.strictObject({
  deviceId: safeText().check(z.minLength(1), z.maxLength(128)),
});
export const Lease = z.object({
  id: z.string(),
  userId: z.string(),
  deviceId: z.string(),
  size: int(z.positive()),
  issuedAt: Timestamp,
  deadline: Timestamp,
});
export type Lease = z.infer<typeof Lease>;
/**
 * (docs/api.md#epoch-and-restores) The database's epoch, and after a restore the backup's snapshot time.
 * Optional on the wire: older servers did not send them. A device that meets another epoch asks
 * about the confirmed work the backup may lack (client core, restore-check).
 */
export const RestoredFrom = z.object({ takenAt: Timestamp });
export type RestoredFrom = z.infer<typeof RestoredFrom>;
const identityFields = {
  epoch: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  restoredFrom: z.optional(RestoredFrom),
};
export const LeaseResponse = z.object({ lease: Lease, token: z.string(), ...identityFields });
/** `GET /readyz` when ready: which database the server runs (the client reads only these). */
export const ReadyResponse = z.object({ ready: z.literal(true), ...identityFields });
export type LeaseResponse = z.infer<typeof LeaseResponse>;

export const ROLES = ['staff', 'manager'] as const;
export const User = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });
export type User = z.infer<typeof User>;
export const SessionRequest = z.strictObject({
  username: safeText().check(z.minLength(1), z.maxLength(128)),
  password: safeText().check(z.minLength(1), z.maxLength(1024)),
});
/**
 * `testerMode`: the tester routes answer this session (SIMULATE=1, a manager, an allowed
 * address), so the app asks for them only then. Optional: older servers did not send it.
 */
export const SessionResponse = z.object({
  token: z.string(),
  user: User,
  testerMode: z.optional(z.boolean()),
  ...identityFields,
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** One place's quantity of an item (every place that holds or held it). */
export const PlaceStock = z.object({ placeId: PlaceId, quantity: int() });
export type PlaceStock = z.infer<typeof PlaceStock>;
/**
 * People's accounts from the app (docs/api.md#peoples-accounts): managers list, add and change
 * them. Names and passwords are checked by the rules `npm run users` follows
 * (src/server/core/accounts.ts); here only their shape.
 */
export const Account = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  /** The last sign-in (null: never signed in). */
  lastSignInAt: z.nullable(Timestamp),
});
export type Account = z.infer<typeof Account>;
export const AccountsResponse = z.object({ users: z.array(Account) });
export type AccountsResponse = z.infer<typeof AccountsResponse>;
export const NewAccountRequest = z.strictObject({
  name: safeText(),
  role: z.enum(ROLES),
  password: z.string(),
});
export type NewAccountRequest = z.infer<typeof NewAccountRequest>;
/** At least one of the three (an empty change is refused by the route, with words). */
export const AccountChangeRequest = z.strictObject({
  role: z.optional(z.enum(ROLES)),
  disabled: z.optional(z.boolean()),
  password: z.optional(z.string()),
});
export type AccountChangeRequest = z.infer<typeof AccountChangeRequest>;

export const Item = z.object({
  id: ItemId,
  sku: z.string(),
  name: z.string(),
  location: z.string(),
  quantity: int(),
  revision: int(),
  updatedAt: Timestamp,
  barcode: z.nullable(z.string()),
  lowStockThreshold: z.nullable(int()),
  archived: z.boolean(),
  /** Per place; `quantity` is their total. Optional: servers before places did not send it. */
  stock: z.optional(z.array(PlaceStock)),
});
export type Item = z.infer<typeof Item>;
export const ItemsResponse = z.object({ items: z.array(Item), revision: int() });
export type ItemsResponse = z.infer<typeof ItemsResponse>;

export const HistoryEntry = z.object({
  operationId: z.string(),
  userName: z.string(),
  type: z.enum(OP_TYPES),
  delta: int(),
  resultingQuantity: int(),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  recordedAt: Timestamp,
  /**
   * The place of a stock change and that place's quantity after it (`resultingQuantity` is the
   * item's total); null for a catalogue change. Optional: servers before places did not send them.
   */
  placeId: z.optional(z.nullable(z.string())),
  placeQuantity: z.optional(z.nullable(int())),
  /**
   * The item's revision right after the entry (both entries of a transfer share it). Absent for
   * entries the server recorded before it kept revisions in the journal, and from older servers.
   */
  revision: z.optional(int()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const HistoryResponse = z.object({
  entries: z.array(HistoryEntry),
  next: z.nullable(z.string()),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export const Place = z.object({
  id: PlaceId,
  name: z.string(),
  archived: z.boolean(),
  revision: int(),
});
export type Place = z.infer<typeof Place>;
export const PlacesResponse = z.object({ places: z.array(Place), revision: int() });
export type PlacesResponse = z.infer<typeof PlacesResponse>;

/** Stock-takes as `GET /api/stocktakes` lists them (docs/http-api.md "Stock-takes"). */
export const STOCKTAKE_STATUSES = ['open', 'applied', 'cancelled'] as const;
export const StocktakeSummary = z.object({
  id: z.string(),
  name: z.string(),
  placeId: z.string(),
  blind: z.boolean(),
  status: z.enum(STOCKTAKE_STATUSES),
  startedAt: Timestamp,
  /** The name of the person who started it. */
  startedBy: z.string(),
  /** How many items are in scope, and how many of them have a count line. */
  scope: int(),
  counted: int(),
});
export type StocktakeSummary = z.infer<typeof StocktakeSummary>;
export const StocktakesResponse = z.object({ stocktakes: z.array(StocktakeSummary) });
export type StocktakesResponse = z.infer<typeof StocktakesResponse>;
export const StocktakeLine = z.object({
  operationId: z.string(),
  itemId: z.string(),
  userName: z.string(),
  counted: int(),
  basedOnRevision: int(),
  recordedAt: Timestamp,
});
export type StocktakeLine = z.infer<typeof StocktakeLine>;
/**
 * One item in scope. `current` and `proposed` (and `changesSince`) are left out for staff in a
 * blind stock-take: nobody counting learns the expected quantity from the server.
 */
export const StocktakeReviewLine = z.object({
  itemId: z.string(),
  counted: z.nullable(int()),
  changesSince: z.optional(int()),
  current: z.optional(int()),
  proposed: z.optional(int()),
});
export type StocktakeReviewLine = z.infer<typeof StocktakeReviewLine>;
export const StocktakeDetail = z.object({
  ...StocktakeSummary.shape,
  lines: z.array(StocktakeLine),
  review: z.array(StocktakeReviewLine),
});
export type StocktakeDetail = z.infer<typeof StocktakeDetail>;

/** Tester mode (SIMULATE=1). */
export const FAULTS = [
  'drop-request',
  'drop-response',
  'fail-before-commit',
  'delay',
  'unavailable',
] as const;
export type Fault = (typeof FAULTS)[number];
/** The most uses a rule may have; a rule armed with it lasts until removed (the panel says so). */
export const FAULT_TIMES_MAX = 1_000_000;
export const FaultRule = z.strictObject({
  fault: z.enum(FAULTS),
  times: z.optional(int(z.minimum(1), z.maximum(FAULT_TIMES_MAX))),
  delayMs: z.optional(int(z.minimum(0), z.maximum(600_000))),
  match: z.optional(
    z.strictObject({ operationId: z.optional(safeText().check(z.maxLength(200))) }),
  ),
});
export type FaultRule = z.infer<typeof FaultRule>;
/** A rule as stored: its id (for `DELETE /api/sim/faults/{id}`) and the uses it has left. */
export const ArmedFault = z.object({
  id: z.string(),
  fault: z.enum(FAULTS),
  times: z.optional(int()),
  delayMs: z.optional(int()),
  match: z.optional(z.object({ operationId: z.optional(z.string()) })),
  remaining: int(),
});
export type ArmedFault = z.infer<typeof ArmedFault>;
export const ArmedFaults = z.object({ rules: z.array(ArmedFault) });
export const ClockRequest = z.union([
  z.strictObject({ advanceMs: int(z.minimum(0)), freeze: z.optional(z.boolean()) }),
  z.strictObject({ set: Timestamp, freeze: z.optional(z.boolean()) }),
  z.strictObject({ freeze: z.boolean() }),
]);
export const ClockState = z.object({ now: Timestamp, frozen: z.boolean() });
export type ClockState = z.infer<typeof ClockState>;
/** The counts of the contract, and the retention settings they were judged by. */
export const CleanupResult = z.object({
  compacted: int(),
  removed: int(),
  receiptTtlMs: z.optional(int()),
  tombstoneGraceMs: z.optional(int()),
});
export type CleanupResult = z.infer<typeof CleanupResult>;
/**
 * What the server saw of one operation. `resent`: this attempt id had already arrived (the
 * browser silently repeated the request). `fault`: a tester fault caused it. `result`: the
 * receipt committed or replayed. `code`: why it was refused.
 */
export const TIMELINE_EVENTS = [
  'attempt-received',
  'request-dropped',
  'delayed',
  'accepted',
  'committed',
  'replay-returned',
  'refused',
  'rolled-back',
  'response-sent',
  'response-dropped',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENTS)[number];
export const TimelineEvent = z.object({
  at: Timestamp,
  event: z.enum(TIMELINE_EVENTS),
  attemptId: z.string(),
  detail: z.optional(z.string()),
  resent: z.optional(z.boolean()),
  fault: z.optional(z.enum(FAULTS)),
  delayMs: z.optional(int()),
  code: z.optional(z.enum(problemCodes)),
  result: z.optional(
    z.object({
      outcome: Outcome,
      reason: z.nullable(ReasonCode),
      delta: int(),
      resultingQuantity: z.nullable(int()),
    }),
  ),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;
export const TimelineResponse = z.object({
  operationId: z.string(),
  events: z.array(TimelineEvent),
});
