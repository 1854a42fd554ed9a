/**
 * The export worker killed between delivery and record (and mid-write): after every crash a new
 * "process" opens the ledger again and a new worker takes over once the dead one's claim lapses.
 * Each effect id must reach the ledger exactly once. fast-check prints the seed of a failure.
 */
import fc from 'fast-check';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import { reliability, runSeed, scaled } from '../../../tests/support/reliability';
import { openPostgresStore } from '../store/postgres-store';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_PGBOUNCER_URL,
} from '../../../tests/support/server/postgres-test-db';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { EXPORT_CLAIM_MS } from './claim-lease';
import { fillOutbox } from '../../../tests/support/server/export-fixture';
import { openFileSink } from './file-sink';
import { ledgerEffectIds } from './ledger';
import type { Sink } from './sink';
import { createExportWorker } from './worker';

const RUNS = scaled(12, 200);
const SEED = runSeed();

class Crash extends Error {}

interface Life {
  crash: 'after-deliver' | 'mid-write';
  afterRounds: number;
  /** Where in the batch a mid-write crash tears (fraction). */
  cut: number;
}

const lifeArb = fc.record({
  crash: fc.constantFrom<Life['crash']>('after-deliver', 'mid-write'),
  afterRounds: fc.nat(3),
  cut: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
});

/** One process lifetime: a restarted sink and worker, running rounds until idle or its crash. */
async function live(store: Store, path: string, batchSize: number, now: number, life: Life | null) {
  const ledger = await openFileSink(path);
  let round = 0;
  const crashes = (kind: Life['crash']) => life?.crash === kind && round === life.afterRounds;
  const sink: Sink = {
    kind: 'file',
    async deliver(effects) {
      if (!crashes('mid-write') || !life) return ledger.deliver(effects);
      const k = Math.floor(life.cut * effects.length);
      await ledger.deliver(effects.slice(0, k));
      const torn = effects[k]?.payload.slice(0, 1 + Math.floor(life.cut * 20)) ?? '';
      await appendFile(path, torn);
      throw new Crash();
    },
    close: () => ledger.close(),
  };
  const worker = createExportWorker({
    store,
    sink,
    clock: { now: () => now },
    random: () => 0,
    batchSize,
    beforeRecord: () => {
      if (crashes('after-deliver')) throw new Crash();
    },
  });
  try {
    for (;;) {
      const result = await worker.runOnce();
      round++;
      if (result.kind === 'idle') return;
      if (result.kind === 'sink-failed') {
        if (result.error instanceof Crash) return;
        throw result.error;
      }
    }
  } catch (error) {
    if (!(error instanceof Crash)) throw error;
  }
}

function tortureProperty(openStore: () => Promise<Store>, release: (s: Store) => Promise<void>) {
  return async (context: TestContext) => {
    reliability(context, {
      suite: 'export worker killed between delivery and record',
      count: RUNS,
      unit: 'crash schedules',
      seed: SEED,
    });
    const dir = await mkdtemp(join(tmpdir(), 'stockroom-crash-'));
    let now = Date.UTC(2026, 10, 29, 17);
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 40 }),
          fc.integer({ min: 1, max: 8 }),
          fc.array(lifeArb, { minLength: 1, maxLength: 5 }),
          async (count, batchSize, lives) => {
            run++;
            const store = await openStore();
            try {
              const path = join(dir, `ledger-${run}.jsonl`);
              const ids = await fillOutbox(store, count, now, `Lrun${run}`);
              for (const life of [...lives, null]) {
                now += 1 + EXPORT_CLAIM_MS; // a dead worker's claim lapses before the next one
                await live(store, path, batchSize, now, life);
              }
              const written = await ledgerEffectIds(path);
              expect(written.length).toBe(new Set(written).size);
              expect([...written].sort()).toEqual([...ids].sort());
              expect((await store.exportBacklog()).pending).toBe(0);
            } finally {
              await release(store);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(run).toBeGreaterThanOrEqual(RUNS);
  };
}

describe('export worker killed between delivery and record: each effect id reaches the sink once', () => {
  it(
    `SQLite outbox, ${RUNS} crash schedules`,
    tortureProperty(
      () => openSqliteStore('sqlite::memory:'),
      (s) => s.close(),
    ),
    120_000,
  );

  // Directly, and through PgBouncer in transaction mode (each claim may meet another server
  // connection there).
  describe.each([
    ['PostgreSQL outbox', TEST_DATABASE_URL, 'none'],
    ['PostgreSQL outbox through PgBouncer', TEST_PGBOUNCER_URL, 'transaction'],
  ] as const)('%s (claims lapse, FOR UPDATE SKIP LOCKED)', (_name, url, pooler) => {
    const schema = randomSchema('crash');
    let shared: Store | null = null;
    beforeAll(async () => {
      await requirePostgres(url);
      shared = await openPostgresStore(url, {
        schema,
        poolSize: 2,
        pooler,
        directUrl: TEST_DATABASE_URL,
      });
    });
    afterAll(async () => {
      await shared?.close();
      await dropSchema(schema);
    });
    it(
      `${RUNS} crash schedules`,
      tortureProperty(
        async () => {
          if (!shared) throw new Error('PostgreSQL store not opened');
          return shared;
        },
        async () => undefined,
      ),
      300_000,
    );
  });
});
