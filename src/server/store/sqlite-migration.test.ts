/**
 * A database made by the previous schema (migrations 1–3) keeps everything through migrations 4–5
 * (fewer pages per write): receipts still deduplicate, the journal keeps its order and its seqs
 * grow, pending exports are still pending, and the items revision never goes backwards.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS } from './sqlite-schema';
import { openSqliteStore } from './sqlite-store';
import type { ApplyRequest } from './store';
import { ALICE, T0 } from '../../../tests/support/server/store-contract-support';

const path = join(tmpdir(), `stockroom-migration-${randomUUID()}.db`);
afterEach(() => Promise.all(['', '-wal', '-shm'].map((s) => rm(path + s, { force: true }))));

/** Version 3, as the previous release left it: a receipt, two journal entries, two exports. */
function previousVersion(): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  SQLITE_MIGRATIONS.slice(0, 3).forEach((sql) => db.exec(sql));
  db.pragma('user_version = 3');
  db.exec(`
    INSERT INTO users (id, name, role, password_hash) VALUES ('u-alice', 'alice', 'staff', 'h');
    UPDATE counters SET value = 41 WHERE name = 'items_revision';
    INSERT INTO items (id, sku, name, location, quantity, revision, updated_at, global_revision)
      VALUES ('lamp', 'LMP', 'Lamp', 'A1', 10, 3, 0, 40), ('bolt', 'BLT', 'Bolt', 'B1', 5, 1, 0, 41);
    INSERT INTO operations (user_id, id, fingerprint, receipt, deadline, recorded_at)
      VALUES ('u-alice', 'Lold.0', 'fp', '{"old":true}', ${T0 + 1e9}, ${T0 - 10});
    INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity, reason, recorded_at)
      VALUES ('lamp', 'Lold.0', 'u-alice', 'adjust', 2, 12, 'received', ${T0 - 20}),
             ('lamp', 'Lold.1', 'u-alice', 'adjust', -2, 10, 'sold', ${T0 - 10});
    INSERT INTO export_outbox (effect_id, payload, created_at, delivered_at)
      VALUES ('Lold.0', '{}', ${T0 - 20}, ${T0 - 5}), ('Lold.1', '{}', ${T0 - 10}, NULL);
  `);
  db.close();
}

const adjust = (id: string): ApplyRequest => ({
  userId: ALICE.id,
  role: 'staff',
  operationId: id,
  fingerprint: `fp-${id}`,
  op: { type: 'adjust', itemId: 'lamp', delta: 1, reason: 'received' },
  deadline: T0 + 1e9,
  createdAt: null,
});

it('keeps receipts, journal, pending exports and the items revision through migration 4', async () => {
  previousVersion();
  const store = await openSqliteStore(`sqlite:${path}`);
  try {
    expect((await store.findOperation(ALICE.id, 'Lold.0'))?.receipt).toBe('{"old":true}');
    // 41, then one stamp more: the places migration (the last) stamps every item again, so a
    // device's cursor sends it every item once with its stock per place. Never backwards.
    expect((await store.listItems(null)).revision).toBe(42);

    const [result] = (await store.apply([adjust('Lnew.0')], { now: () => T0 })).results;
    expect(result?.kind).toBe('committed');
    const changed = await store.listItems(42);
    expect(changed.revision).toBe(43);
    expect(changed.items.map((i) => [i.id, i.quantity])).toEqual([['lamp', 11]]);

    const history = await store.history('lamp', 10, null);
    expect(history?.entries.map((e) => e.operationId)).toEqual(['Lnew.0', 'Lold.1', 'Lold.0']);

    expect((await store.claimExports(10, T0)).map((r) => r.effectId)).toEqual(['Lold.1', 'Lnew.0']);
    await store.markExported(['Lold.1'], T0);
    expect(await store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 });
  } finally {
    await store.close();
  }
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
    expect(tables).not.toContain('counters');
    expect(db.prepare('SELECT max(seq) FROM journal').pluck().get()).toBe(3);
  } finally {
    db.close();
  }
});
