/**
 * Fills a store's `operations` table with stored receipts, fast: better-sqlite3 directly, big
 * transactions, synchronous=OFF (only the fill; the measurement reopens with the store's own
 * settings). Rows look like the real ones: many users and leases, receipts of real size.
 */
import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { receiptText } from '../../src/server/core/receipt';
import { operationId } from '../../src/protocol/ids';
import { newLeaseId } from '../../src/server/lease-token';
import { DEMO_ITEM_IDS } from './sqlite-fixture';

const CHUNK = 50_000;
const PER_LEASE = 1000;
const USERS = 50;
const DAY_MS = 24 * 3600 * 1000;

export function fillReceipts(path: string, count: number, now = Date.now()): void {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    const insert = db.prepare(
      `INSERT INTO operations (user_id, id, fingerprint, receipt, deadline, recorded_at, compacted, op, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, NULL)`,
    );
    const users = Array.from({ length: USERS }, () => randomUUID());
    let leaseId = newLeaseId();
    const fillChunk = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        if (n % PER_LEASE === 0) leaseId = newLeaseId();
        const id = operationId(leaseId, n % PER_LEASE);
        const itemId = DEMO_ITEM_IDS[n % DEMO_ITEM_IDS.length]!;
        const op = JSON.stringify({ type: 'adjust', itemId, delta: 1, reason: 'received' });
        // Spread over the last two days (the receipt TTL), as a live server's table would be.
        const recordedAt = now - Math.floor(((count - n) / count) * 2 * DAY_MS);
        const receipt = receiptText({
          operationId: id,
          outcome: 'applied',
          reason: null,
          itemId,
          delta: 1,
          resultingQuantity: 100 + (n % 900),
          itemRevision: 2 + (n % 5000),
          recordedAt: new Date(recordedAt).toISOString(),
          compacted: false,
        });
        const print = createHash('sha256')
          .update(op + n)
          .digest('hex');
        insert.run(users[n % USERS], id, print, receipt, recordedAt + 7 * DAY_MS, recordedAt, op);
      }
    });
    for (let from = 0; from < count; from += CHUNK) fillChunk(from, Math.min(count, from + CHUNK));
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
