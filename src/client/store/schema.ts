/**
 * What this device keeps (IndexedDB `stockroom`, or the in-memory adapter): the core's records and
 * their typed schema. One shape for both adapters; the IndexedDB layout is the `DBSchema` below.
 */
import type { DBSchema } from 'idb';
import type { Item, Place, StocktakeDetail, StocktakesResponse } from '../../protocol/schemas';
import type { KeptHistory } from '../core/stock-history';
import type { Claim } from '../core/claims';
import type {
  OperationRecord,
  AttemptRow,
  LeaseRecord,
  SessionMeta,
  DeviceMeta,
} from '../core/records';

export interface ItemsMeta {
  key: 'items';
  revision: number;
}
export interface OrderMeta {
  key: 'order';
  next: number;
  /**
   * The latest local time an operation was made here (schema v5): a round's start whose clock
   * reads earlier reads every pending operation, not only those the `restart` index holds.
   */
  latestMadeAt?: number;
}
/** Sessions signed out here that the server has not confirmed ended yet (ended at the next contact). */
export interface EndedSessionsMeta {
  key: 'ended-sessions';
  tokens: string[];
}
/** The server database's epoch as last seen here (transactions/epoch.ts: another one means a restore). */
export interface EpochMeta {
  key: 'epoch';
  epoch: string;
}
/** The places as last pulled (few: a shop's rooms and vans), and the places revision. */
export interface PlacesMeta {
  key: 'places';
  revision: number;
  places: Place[];
}
/** The stock-takes as the server last answered `userId` (transactions/kept-stocktakes.ts). */
export interface StocktakesMeta {
  key: 'stocktakes';
  userId: string;
  list: StocktakesResponse | null;
  details: Record<string, StocktakeDetail>;
}
/** Items' history as last fetched for Stock over time (transactions/kept-histories.ts). */
export interface HistoriesMeta {
  key: 'histories';
  /** By item id, the item opened last at the end. */
  items: Record<string, KeptHistory>;
}
/** The sender's attempts recorded and not settled yet, one record for all (core/claims.ts). */
export interface ClaimsMeta {
  key: 'claims';
  claims: readonly Claim[];
}
export type MetaRecord =
  | SessionMeta
  | DeviceMeta
  | ItemsMeta
  | OrderMeta
  | EndedSessionsMeta
  | EpochMeta
  | PlacesMeta
  | StocktakesMeta
  | HistoriesMeta
  | ClaimsMeta;
export type MetaKey = MetaRecord['key'];
export type MetaOf<K extends MetaKey> = Extract<MetaRecord, { key: K }>;

export interface StockroomSchema extends DBSchema {
  operations: {
    key: string;
    value: OperationRecord;
    indexes: {
      queue: [string, number];
      checks: [string, number];
      restart: [string, number];
      byUser: string;
    };
  };
  attempts: { key: string; value: AttemptRow; indexes: { byOperation: string } };
  items: { key: string; value: Item };
  leases: { key: string; value: LeaseRecord; indexes: { byUser: string } };
  meta: { key: MetaKey; value: MetaRecord };
}

export type StoreName = 'operations' | 'attempts' | 'items' | 'leases' | 'meta';
export type Value<S extends StoreName> = StockroomSchema[S]['value'];
export type Key<S extends StoreName> = StockroomSchema[S]['key'];
export type IndexedStore = 'operations' | 'attempts' | 'leases';
export type IndexName<S extends IndexedStore> = keyof StockroomSchema[S]['indexes'] & string;
export type IndexKey<
  S extends IndexedStore,
  I extends IndexName<S>,
> = StockroomSchema[S]['indexes'][I];

export interface StoreLayout {
  keyPath: string | readonly string[];
  indexes: Record<string, string>;
  /** Indexes whose key path holds a list: one index entry per element (IndexedDB `multiEntry`). */
  multiEntry?: readonly string[];
}

/** Where each store finds its primary key and its index keys (shared by both adapters). */
export const LAYOUT = {
  operations: {
    keyPath: 'id',
    indexes: { queue: 'queueKey', checks: 'checkKey', restart: 'restartKey', byUser: 'userId' },
  },
  attempts: {
    keyPath: 'attemptId',
    indexes: { byOperation: 'operationIds' },
    multiEntry: ['byOperation'],
  },
  items: { keyPath: 'id', indexes: {} },
  leases: { keyPath: 'id', indexes: { byUser: 'userId' } },
  meta: { keyPath: 'key', indexes: {} },
} as const satisfies Record<StoreName, StoreLayout>;

export function isMultiEntry(store: StoreName, index: string): boolean {
  const layout: StoreLayout = LAYOUT[store];
  return layout.multiEntry?.includes(index) ?? false;
}

export const STORE_NAMES = Object.keys(LAYOUT) as StoreName[];
