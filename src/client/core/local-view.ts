/**
 * The tab's picture of what IndexedDB holds, as the core reads it (records.ts). Kept up to date by
 * transactions/view.ts; records are never mutated, so a view derived from an unchanged record is reused.
 */
import type { Item, Place } from '../../protocol/schemas';
import type {
  AttemptRecord,
  DeviceMeta,
  LeaseRecord,
  OperationRecord,
  SessionMeta,
} from './records';
import type { AttemptStart } from './attempt-rows';

export interface LocalView {
  /** As every reader sees them: the sender's claims applied (core/claims.ts). */
  operations: ReadonlyMap<string, OperationRecord>;
  /** The claims: each claimed operation's attempt, and its record as stored (before the claim). */
  claims: ReadonlyMap<string, AttemptStart>;
  unclaimed: ReadonlyMap<string, OperationRecord>;
  /** Per operation id, in the order they were sent. */
  attempts: ReadonlyMap<string, readonly AttemptRecord[]>;
  items: ReadonlyMap<string, Item>;
  leases: ReadonlyMap<string, LeaseRecord>;
  session: SessionMeta | null;
  device: DeviceMeta | null;
  itemsRevision: number;
  /** The places as last pulled (docs/client.md#places); empty before the first pull. */
  places: readonly Place[];
  /** Bumped on every change of `operations` / `items` (for memoised derivations). */
  operationsVersion: number;
  itemsVersion: number;
}

/** The tab's own copy: only transactions/view.ts `applyWrites` changes it. */
export type WritableView = {
  -readonly [K in keyof LocalView]: LocalView[K] extends ReadonlyMap<infer A, infer B>
    ? Map<A, B>
    : LocalView[K];
};

export function emptyView(): WritableView {
  return {
    operations: new Map(),
    claims: new Map(),
    unclaimed: new Map(),
    attempts: new Map(),
    items: new Map(),
    leases: new Map(),
    session: null,
    device: null,
    itemsRevision: 0,
    places: [],
    operationsVersion: 0,
    itemsVersion: 0,
  };
}
