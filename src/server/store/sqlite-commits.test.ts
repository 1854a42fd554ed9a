/**
 * What one write costs the disk: every SQLite transaction that changes pages appends its frames
 * to the WAL and ends with a commit frame (one fsync with synchronous=FULL). These tests count
 * the commit frames the store writes.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteDatabase, WAL_AUTOCHECKPOINT_PAGES } from './sqlite-connection';
import { openSqliteStore } from './sqlite-store';
import type { ApplyRequest, Store } from './store';
import { ALICE, at, SEED, T0 } from '../../../tests/support/server/store-contract-support';

const path = join(tmpdir(), `stockroom-commits-${randomUUID()}.db`);
afterEach(() => Promise.all(['', '-wal', '-shm'].map((s) => rm(path + s, { force: true }))));

const adjust = (id: string): ApplyRequest => ({
  userId: ALICE.id,
  role: 'staff',
  operationId: id,
  fingerprint: `fp-${id}`,
  op: { type: 'adjust', itemId: SEED[0]!.id, delta: 1, reason: 'received' },
  deadline: T0 + 1e9,
  createdAt: null,
});

/** Empties the WAL (from another connection), so what follows starts at its first frame. */
function emptyWal(): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** Commit frames in the WAL: a frame header's second word is nonzero only on a commit. */
function commitsInWal(): number {
  const wal = readFileSync(`${path}-wal`);
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  for (let offset = 32; offset + 24 <= wal.length; offset += 24 + pageSize) {
    if (wal.readUInt32BE(offset + 4) !== 0) commits++;
  }
  return commits;
}

/** The page number of every frame in the WAL. */
function framePages(): number[] {
  const wal = readFileSync(`${path}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const pages: number[] = [];
  for (let offset = 32; offset + 24 <= wal.length; offset += 24 + pageSize) {
    pages.push(wal.readUInt32BE(offset));
  }
  return pages;
}

/** A store on the file with Alice, the seed items and one applied adjustment (L.0). */
async function withStore(run: (store: Store) => Promise<void>): Promise<void> {
  const store = await openSqliteStore(`sqlite:${path}`);
  try {
    await store.insertUser(ALICE);
    await store.seedItems(SEED, T0);
    await store.apply([adjust('L.0')], at(T0));
    await run(store);
  } finally {
    await store.close();
  }
}

it('records export deliveries in the operations’ group commit, not in a commit of their own', async () => {
  await withStore(async (store) => {
    emptyWal();

    // Asked for in the same turn of the event loop, as the export worker and requests are.
    await Promise.all([store.apply([adjust('L.1')], at(T0)), store.markExported(['L.0'], T0)]);

    expect(commitsInWal()).toBe(1);
    expect((await store.claimExports(10, T0)).map((r) => r.effectId)).toEqual(['L.1']);
  });
});

it('records export deliveries durably on their own when no operation is waiting', async () => {
  await withStore(async (store) => {
    emptyWal();

    await store.markExported(['L.0'], T0);

    expect(commitsInWal()).toBe(1);
    expect(await store.claimExports(10, T0)).toEqual([]);
  });
});

it('writes a new receipt without an entry in the removal index (it holds tombstones only)', async () => {
  await withStore(async (store) => {
    emptyWal();
    await store.apply([adjust('L.1')], at(T0));
    const db = new Database(path, { readonly: true });
    try {
      const removalIndex = new Set(
        db
          .prepare("SELECT pageno FROM dbstat WHERE name = 'operations_by_deadline'")
          .pluck()
          .all() as number[],
      );
      const written = framePages().filter((page) => removalIndex.has(page));
      expect(framePages().length).toBeGreaterThan(0);
      expect(written).toEqual([]);
    } finally {
      db.close();
    }
  });
});

it('writes the export row without an index beside it (the effect id is unique by the receipt key)', () => {
  const db = openSqliteDatabase(`sqlite:${path}`, {});
  try {
    expect(db.pragma('index_list(export_outbox)')).toEqual([]);
  } finally {
    db.close();
  }
});

it('records the delivery of a row this process did not claim, and ignores unknown ids', async () => {
  await withStore(async (store) => {
    await store.apply([adjust('L.1')], at(T0));

    await store.markExported(['L.1', 'Lnone.0'], T0);

    expect((await store.claimExports(10, T0)).map((r) => r.effectId)).toEqual(['L.0']);
  });
});

it('checkpoints the WAL every 10,000 pages, not at SQLite’s default 1,000', () => {
  const db = openSqliteDatabase(`sqlite:${path}`, {});
  try {
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_PAGES);
    expect(WAL_AUTOCHECKPOINT_PAGES).toBe(10_000);
  } finally {
    db.close();
  }
});
