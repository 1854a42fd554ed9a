/**
 * What this device keeps (IndexedDB `stockroom`, or the in-memory adapter): the core's records and
 * their typed schema. One shape for both adapters; the IndexedDB layout is the `DBSchema` below.
 */
import type { DBSchema } from 'idb';
import type { Item } from '../../protocol/schemas';
import type {
  OperationRecord,
  AttemptRecord,
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
}
/** Sessions signed out here that the server has not confirmed ended yet (ended at the next contact). */
export interface EndedSessionsMeta {
  key: 'ended-sessions';
  tokens: string[];
}
export type MetaRecord = SessionMeta | DeviceMeta | ItemsMeta | OrderMeta | EndedSessionsMeta;
export type MetaKey = MetaRecord['key'];
export type MetaOf<K extends MetaKey> = Extract<MetaRecord, { key: K }>;

export interface StockroomSchema extends DBSchema {
  operations: {
    key: string;
    value: OperationRecord;
    indexes: { queue: [string, number]; checks: [string, number]; byUser: string };
  };
  attempts: { key: [string, string]; value: AttemptRecord; indexes: { byOperation: string } };
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

/** Where each store finds its primary key and its index keys (shared by both adapters). */
export const LAYOUT = {
  operations: {
    keyPath: 'id',
    indexes: { queue: 'queueKey', checks: 'checkKey', byUser: 'userId' },
  },
  attempts: { keyPath: ['operationId', 'attemptId'], indexes: { byOperation: 'operationId' } },
  items: { keyPath: 'id', indexes: {} },
  leases: { keyPath: 'id', indexes: { byUser: 'userId' } },
  meta: { keyPath: 'key', indexes: {} },
} as const satisfies Record<
  StoreName,
  { keyPath: string | readonly string[]; indexes: Record<string, string> }
>;

export const STORE_NAMES = Object.keys(LAYOUT) as StoreName[];
