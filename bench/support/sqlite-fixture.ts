/**
 * In-process SQLite fixtures: the real store (migrations + demo items) on a file database, and
 * first-time adjust requests for `Store.apply` as the operation pipeline would build them.
 */
import { randomUUID } from 'node:crypto';
import { operationId } from '../../src/protocol/ids';
import type { Op } from '../../src/protocol/schemas';
import { DEMO_ITEMS } from '../../src/server/demo';
import { fingerprintNode } from '../../src/server/fingerprint-node';
import { newLeaseId } from '../../src/server/lease-token';
import { openSqliteStore, type SqliteOptions } from '../../src/server/store/sqlite-store';
import type { ApplyRequest, ApplyTiming, Store } from '../../src/server/store/store';

export const DEMO_ITEM_IDS = DEMO_ITEMS.map((i) => i.id);
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The real store on the file `path`: WAL with synchronous=FULL unless told otherwise. */
export function fileStore(path: string, options: SqliteOptions = {}): Promise<Store> {
  return openSqliteStore(`sqlite:${path}`, { synchronous: 'FULL', ...options });
}

/** `fileStore` on a new file, with the demo items seeded. */
export async function seededStore(path: string, options: SqliteOptions = {}): Promise<Store> {
  const store = await fileStore(path, options);
  await store.seedItems(DEMO_ITEMS, Date.now());
  return store;
}

/** Makes first-time adjust requests (+1 received, round robin over the demo items) under one lease-like id. */
export function requestMaker(): (seq: number) => Promise<ApplyRequest> {
  const userId = randomUUID();
  const leaseId = newLeaseId();
  const deadline = Date.now() + WEEK_MS;
  return async (seq) => {
    const op: Op = {
      type: 'adjust',
      itemId: DEMO_ITEM_IDS[seq % DEMO_ITEM_IDS.length]!,
      delta: 1,
      reason: 'received',
    };
    return {
      userId,
      role: 'staff',
      operationId: operationId(leaseId, seq),
      // What the server computes per request (synchronous node:crypto, not the browser's WebCrypto).
      fingerprint: fingerprintNode(op),
      op,
      deadline,
      createdAt: null,
    };
  };
}

/** One `apply` of one request, failing loudly unless it committed for the first time. */
export async function applyOne(store: Store, request: ApplyRequest): Promise<ApplyTiming> {
  const { results, timing } = await store.apply([request], { now: Date.now });
  const kind = results[0]?.kind;
  if (kind !== 'committed')
    throw new Error(`apply of ${request.operationId}: ${kind}, expected committed`);
  return timing;
}
