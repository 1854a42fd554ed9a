import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/eventually';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { fillOutbox } from '../../../tests/support/server/export-fixture';
import { EXPORT_BATCH, startExporter } from './exporter';
import { ledgerEffectIds } from './ledger';

describe('startExporter', () => {
  let store: Store;
  let dir = '';
  beforeEach(async () => {
    store = await openSqliteStore('sqlite::memory:');
    dir = await mkdtemp(join(tmpdir(), 'stockroom-exporter-'));
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the worker against the configured ledger file until stopped', async () => {
    const now = Date.UTC(2026, 10, 29, 17);
    const ids = await fillOutbox(store, 5, now);
    const exportFile = join(dir, 'data', 'export.jsonl');
    await exportAll(store, store, exportFile, now);
    expect(await ledgerEffectIds(exportFile)).toEqual(ids);
  });

  it('delivers a backlog of 500 to the ledger in one round (one append, one fsync)', async () => {
    const now = Date.UTC(2026, 10, 29, 17);
    const ids = await fillOutbox(store, EXPORT_BATCH.file, now);
    const claims: number[] = [];
    const claimExports = store.claimExports.bind(store);
    const counted: Store = Object.assign(Object.create(store) as Store, {
      claimExports: async (limit: number, at: number) => {
        const rows = await claimExports(limit, at);
        if (rows.length > 0) claims.push(rows.length);
        return rows;
      },
    });
    const exportFile = join(dir, 'export.jsonl');
    await exportAll(counted, store, exportFile, now);
    expect(claims).toEqual([EXPORT_BATCH.file]);
    expect(await ledgerEffectIds(exportFile)).toEqual(ids);
  });
});

/** Runs the exporter on `through` (the store, or a wrapper of it) until `store`'s backlog is empty. */
async function exportAll(through: Store, store: Store, exportFile: string, now: number) {
  const exporter = await startExporter({
    store: through,
    clock: { now: () => now + 1 },
    exportFile,
    exportWebhookUrl: null,
    idleMs: 60_000,
    onError: (error) => {
      throw error;
    },
  });
  // Wait for the outcome, not for a time: the backlog empties when the worker has recorded all.
  await eventually(
    () => store.exportBacklog(),
    (backlog) => backlog.pending === 0,
    'the export backlog',
  );
  await exporter.stop();
}
