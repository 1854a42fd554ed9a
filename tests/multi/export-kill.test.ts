/**
 * The export worker as a real process, killed with -9 at random moments (also between writing the
 * ledger and recording the delivery), restarted each time: every effect id reaches the ledger
 * exactly once. The kill moments are printed when the check fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillOutbox } from '../support/server/export-fixture';
import { ledgerEffectIds } from '../../src/server/export/ledger';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { reliability, scaled } from '../support/reliability';
import { spawnTs } from './support/process';

const KILLS = scaled(5, 50);

/** Runs the child; `killAfterMs` after it is ready, kill -9 (null: let it finish). */
function runChild(env: Record<string, string>, killAfterMs: number | null): Promise<number | null> {
  const child = spawnTs('tests/multi/support/export-child.ts', env);
  let errors = '';
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  child.stdout.on('data', (c: Buffer) => {
    if (killAfterMs !== null && c.toString().includes('ready')) {
      setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    }
  });
  return new Promise((done, fail) =>
    child.once('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL')
        fail(new Error(`export child exited ${code}:\n${errors}`));
      else done(code);
    }),
  );
}

describe('export worker process killed with -9', () => {
  it(
    `${KILLS} kills, then a clean run: each effect id in the ledger exactly once`,
    async (context) => {
      reliability(context, {
        suite: 'export worker killed between delivery and record',
        count: KILLS,
        unit: 'process kills',
      });
      const dir = await mkdtemp(join(tmpdir(), 'stockroom-export-kill-'));
      const db = `sqlite:${join(dir, 'stockroom.db')}`;
      const ledger = join(dir, 'export.jsonl');
      try {
        const store = await openSqliteStore(db);
        const ids = await fillOutbox(store, 400, Date.UTC(2026, 10, 29, 17));
        await store.close();
        const env = { STOCKROOM_DB: db, EXPORT_FILE: ledger, BATCH: '3', RECORD_DELAY_MS: '20' };
        const moments: number[] = [];
        for (let k = 0; k < KILLS; k++) {
          const moment = Math.floor(Math.random() * 200);
          moments.push(moment);
          await runChild(env, moment);
        }
        expect(await runChild({ ...env, RECORD_DELAY_MS: '0' }, null)).toBe(0);
        const written = await ledgerEffectIds(ledger);
        const why = `kill moments (ms after ready): ${moments.join(', ')}`;
        expect(written.length, why).toBe(new Set(written).size);
        expect([...written].sort(), why).toEqual([...ids].sort());
        const after = await openSqliteStore(db);
        expect(await after.exportBacklog()).toEqual({ pending: 0, oldestCreatedAt: null });
        await after.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    scaled(180_000, 1_800_000),
  );
});
