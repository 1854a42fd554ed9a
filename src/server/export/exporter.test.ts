import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/eventually';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { fillOutbox } from '../../../tests/support/server/export-fixture';
import { startExporter } from './exporter';
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
    const exporter = await startExporter({
      store,
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
    expect(await ledgerEffectIds(exportFile)).toEqual(ids);
  });
});
