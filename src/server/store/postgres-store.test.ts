import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fingerprint } from '../../protocol/fingerprint';
import type { ItemsResponse, Op } from '../../protocol/schemas';
import { EXPORT_CLAIM_MS } from '../export/claim-lease';
import {
  NEEDS_DIRECT_URL,
  openPostgresStore,
  splitSchema,
  type PostgresOptions,
} from './postgres-store';
import { POSTGRES_MIGRATIONS, quoteIdent } from './postgres-schema';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_PGBOUNCER_URL,
} from '../../../tests/support/server/postgres-test-db';
import type { ApplyRequest, Store } from './store';
import { runStoreContract } from '../../../tests/support/server/store-contract';
import type { BrokenVariant } from '../../../tests/support/broken-stores/open';
import { openBrokenPostgresStore } from '../../../tests/support/broken-stores/postgres';
import { ALICE, at, SEED, T0 } from '../../../tests/support/server/store-contract-support';

beforeAll(() => requirePostgres());

runStoreContract('postgres', async () => {
  const schema = randomSchema('contract');
  return {
    open: () => openPostgresStore(TEST_DATABASE_URL, { schema, poolSize: 4 }),
    dispose: () => dropSchema(schema),
  };
});

// The same contract through PgBouncer in transaction mode, where each transaction may get another
// server connection: no named statement or session setting may be relied on.
describe('through PgBouncer (transaction mode)', () => {
  beforeAll(() => requirePostgres(TEST_PGBOUNCER_URL));
  runStoreContract('postgres (PgBouncer)', async () => {
    const schema = randomSchema('bouncer');
    return {
      open: () =>
        openPostgresStore(TEST_PGBOUNCER_URL, {
          schema,
          poolSize: 4,
          pooler: 'transaction',
          directUrl: TEST_DATABASE_URL,
        }),
      dispose: () => dropSchema(schema),
    };
  });
});

describe('Postgres store: several processes on one database', () => {
  let schema = '';
  let stores: Store[] = [];
  const open = async (options: Omit<PostgresOptions, 'schema'> = {}) => {
    const s = await openPostgresStore(TEST_DATABASE_URL, { schema, poolSize: 4, ...options });
    stores.push(s);
    return s;
  };
  const request = async (op: Op, id: string): Promise<ApplyRequest> => ({
    userId: ALICE.id,
    role: 'manager',
    operationId: id,
    fingerprint: await fingerprint(op),
    op,
    deadline: T0 + 86_400_000,
    createdAt: null,
  });
  const seeded = async (options: Omit<PostgresOptions, 'schema'> = {}) => {
    schema = randomSchema('pgonly');
    const s = await open(options);
    await s.insertUser(ALICE);
    await s.seedItems(SEED, T0);
    return s;
  };

  afterEach(async () => {
    for (const s of stores) await s.close();
    stores = [];
    await dropSchema(schema);
  });

  /** Every migration recorded exactly once, read on PostgreSQL itself. */
  async function expectMigratedOnce(schema: string): Promise<void> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const r = await client.query(`SELECT version FROM ${schema}.schema_migrations`);
      expect(r.rows).toEqual(POSTGRES_MIGRATIONS.map((_, i) => ({ version: i + 1 })));
    } finally {
      await client.end();
    }
  }

  it('migrates once when several processes start together', async () => {
    schema = randomSchema('pgonly');
    await Promise.all([open(), open(), open()]);
    await expectMigratedOnce(schema);
  });

  it('migrates once through PgBouncer when several start together (on DATABASE_DIRECT_URL)', async () => {
    schema = randomSchema('pgonly');
    const options: PostgresOptions = {
      schema,
      poolSize: 4,
      pooler: 'transaction',
      directUrl: TEST_DATABASE_URL,
    };
    const through = () => openPostgresStore(TEST_PGBOUNCER_URL, options);
    stores.push(...(await Promise.all([through(), through(), through()])));
    await expectMigratedOnce(schema);
  });

  it('refuses to open behind a transaction pooler without DATABASE_DIRECT_URL', async () => {
    schema = randomSchema('pgonly');
    await expect(
      openPostgresStore(TEST_PGBOUNCER_URL, { schema, pooler: 'transaction' }),
    ).rejects.toThrow(NEEDS_DIRECT_URL);
  });

  it('runs the migrations on DATABASE_DIRECT_URL when it is set', async () => {
    schema = randomSchema('pgonly');
    const wrong = new URL(TEST_DATABASE_URL);
    wrong.password = 'not-the-password';
    await expect(
      openPostgresStore(TEST_PGBOUNCER_URL, {
        schema,
        pooler: 'transaction',
        directUrl: wrong.toString(),
      }),
    ).rejects.toThrow(/password authentication failed/);
    // And the other way round: the pooled URL cannot sign in, the direct one can. The migrations
    // are recorded all the same, so they went to DATABASE_DIRECT_URL (whatever the pool does later).
    const unusable = new URL(TEST_PGBOUNCER_URL);
    unusable.password = 'not-the-password';
    await openPostgresStore(unusable.toString(), {
      schema,
      pooler: 'transaction',
      directUrl: TEST_DATABASE_URL,
    }).then(
      (store) => void stores.push(store),
      () => undefined,
    );
    await expectMigratedOnce(schema);
  });

  it('keeps its tables in the schema named by ?schema= in DATABASE_URL', async () => {
    schema = randomSchema('pgurl');
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('schema', schema);
    expect(splitSchema(url.toString())).toEqual({ url: TEST_DATABASE_URL, schema });
    const s = await openPostgresStore(url.toString());
    stores.push(s);
    await s.insertUser(ALICE);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const r = await client.query(`SELECT name FROM ${schema}.users`);
      expect(r.rows).toEqual([{ name: 'alice' }]);
    } finally {
      await client.end();
    }
  });

  it('keeps its connections through a quiet spell instead of opening new ones', async () => {
    // Every new connection is a new Postgres backend (fork, authentication, its catalogue caches,
    // every named statement parsed and planned again): pg's default closed a connection after
    // 10 s idle, so a server between bursts paid that again and again (bench: pg_cpu_two_vs_one).
    schema = randomSchema('pgonly');
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('application_name', schema);
    const backends = async () => {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        const r = await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid',
          [schema],
        );
        return r.rows.map((row) => row.pid);
      } finally {
        await admin.end();
      }
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const s = await openPostgresStore(url.toString(), { schema, poolSize: 3 });
      stores.push(s);
      const busy = () => Promise.all([s.countUsers(), s.countUsers(), s.countUsers()]);
      await busy();
      const before = await backends();
      expect(before).toHaveLength(3);
      vi.advanceTimersByTime(5 * 60_000);
      await busy();
      expect(await backends()).toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands each export row to one worker at a time (FOR UPDATE SKIP LOCKED + claim)', async () => {
    const a = await seeded();
    const b = await open();
    for (let i = 0; i < 40; i++) {
      const op: Op = { type: 'adjust', itemId: 'bolt-1', delta: 1, reason: 'received' };
      await a.apply([await request(op, `Lexp.${i}`)], at(T0 + i));
    }
    const [x, y] = await Promise.all([a.claimExports(25, T0 + 100), b.claimExports(25, T0 + 100)]);
    const ids = [...(x ?? []), ...(y ?? [])].map((r) => r.effectId);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(await a.claimExports(50, T0 + 100 + EXPORT_CLAIM_MS - 1)).toEqual([]);
    expect(await b.claimExports(50, T0 + 100 + EXPORT_CLAIM_MS)).toHaveLength(40);
  });

  it('decides a race for one new SKU once: the loser retries and sees it taken', async () => {
    const a = await seeded();
    const b = await open();
    const create = (itemId: string): Op => ({
      type: 'createItem',
      itemId,
      sku: 'SAME-SKU',
      name: 'Crate',
      location: 'D1',
      initialQuantity: 1,
    });
    const [ra, rb] = await Promise.all([
      a.apply([await request(create('crate-a'), 'Lsku.1')], at(T0)),
      b.apply([await request(create('crate-b'), 'Lsku.2')], at(T0)),
    ]);
    const outcomes = [ra.results[0], rb.results[0]].map((r) =>
      r?.kind === 'committed' ? (JSON.parse(r.receipt) as { outcome: string }).outcome : r?.kind,
    );
    expect(outcomes.sort()).toEqual(['applied', 'rejected']);
  });

  it('decides a race of two edits for one barcode once: the loser retries and sees it taken', async () => {
    const a = await seeded();
    const b = await open();
    const edit = (itemId: string): Op => ({
      type: 'updateItem',
      itemId,
      basedOnRevision: 1,
      changes: { barcode: '2000014000148' },
    });
    const [ra, rb] = await Promise.all([
      a.apply([await request(edit('lamp-14'), 'Lbar.1')], at(T0)),
      b.apply([await request(edit('bolt-1'), 'Lbar.2')], at(T0)),
    ]);
    const verdicts = [ra.results[0], rb.results[0]].map((r) => {
      if (r?.kind !== 'committed') return [r?.kind];
      const { outcome, reason } = JSON.parse(r.receipt) as { outcome: string; reason: string };
      return [outcome, reason];
    });
    expect(verdicts.sort()).toEqual([
      ['applied', null],
      ['rejected', 'duplicate-item'],
    ]);
  });

  it('survives crossing batches (possible deadlock) with one effect per id', async () => {
    const a = await seeded();
    const b = await open();
    const ops = await Promise.all(
      ['lamp-14', 'bolt-1', 'nut-2', 'lamp-14'].map((itemId, i) =>
        request({ type: 'adjust', itemId, delta: 1, reason: 'received' }, `Lx.${i}`),
      ),
    );
    const rounds = await Promise.all([a.apply(ops, at(T0)), b.apply([...ops].reverse(), at(T0))]);
    const committed = rounds.flatMap((r) => r.results).filter((r) => r.kind === 'committed');
    expect(committed).toHaveLength(4);
    const { items } = await a.listItems(null);
    expect(items.map((i) => [i.id, i.quantity]).sort()).toEqual([
      ['bolt-1', 101],
      ['lamp-14', 14],
      ['nut-2', 51],
    ]);
  });

  /** A plain connection on the fixture's schema, for holding locks and looking at the server. */
  const connect = async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      options: `-c search_path=${quoteIdent(schema)}`,
    });
    await client.connect();
    return client;
  };
  const adjust = async (itemId: string, id: string) =>
    request({ type: 'adjust', itemId, delta: 1, reason: 'received' }, id);
  const changed = (r: ItemsResponse) => r.items.map((i) => [i.id, i.quantity]);

  it('?since never misses a change that commits after a newer one was read', async () => {
    // Writer A starts first (older transaction id) and commits last; writer B commits in between
    // and a reader sees B. Its cursor must still bring A's change on the next read.
    const a = await seeded();
    const b = await open();
    const r0 = (await a.listItems(null)).revision;
    const blocker = await connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM items WHERE id = 'lamp-14' FOR UPDATE`);
      const blockerPid = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]?.pid;
      const first = a.apply([await adjust('lamp-14', 'Lrev.a')], at(T0 + 1));
      // A has claimed its id (so it has its transaction id) and waits for the item.
      await vi.waitFor(
        async () => {
          const r = await blocker.query(
            'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
            [blockerPid],
          );
          expect(r.rowCount).toBe(1);
        },
        { timeout: 20_000, interval: 20 },
      );
      await b.apply([await adjust('bolt-1', 'Lrev.b')], at(T0 + 2));
      const middle = await b.listItems(r0);
      expect(changed(middle)).toEqual([['bolt-1', 101]]);
      await blocker.query('ROLLBACK');
      await first;
      const after = await b.listItems(middle.revision);
      expect(changed(after)).toContainEqual(['lamp-14', 13]);
      // Once nothing is in flight, the cursor catches up: nothing more to send.
      expect(changed(await b.listItems(after.revision))).toEqual([]);
    } finally {
      await blocker.end();
    }
  });

  it('migrates a database of the first version: old cursors get every item once', async () => {
    schema = randomSchema('pgold');
    const old = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await old.connect();
    try {
      await old.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
      await old.query(`SET search_path = ${quoteIdent(schema)}`);
      await old.query(
        `CREATE TABLE schema_migrations
         (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      await old.query(POSTGRES_MIGRATIONS[0] ?? '');
      await old.query('INSERT INTO schema_migrations (version) VALUES (1)');
      // A counter far above this cluster's transaction ids (a restored dump, say).
      const oldCursor = 9_000_000_000_000;
      await old.query(`UPDATE counters SET value = $1 WHERE name = 'items_revision'`, [oldCursor]);
      for (const [n, i] of SEED.entries()) {
        await old.query(
          `INSERT INTO items
             (id, sku, name, location, quantity, revision, updated_at, global_revision)
           VALUES ($1, $2, $3, $4, $5, 1, $6, $7)`,
          [i.id, i.sku, i.name, i.location, i.quantity, T0, oldCursor - 3 + n],
        );
      }
      const store = await open();
      const all = await store.listItems(oldCursor - 1);
      expect(all.items.map((i) => i.id).sort()).toEqual(['bolt-1', 'lamp-14', 'nut-2']);
      expect(all.revision).toBeGreaterThan(oldCursor);
      expect(await store.listItems(all.revision)).toEqual({ items: [], revision: all.revision });
      await store.apply([await adjust('nut-2', 'Lold.1')], at(T0));
      expect(changed(await store.listItems(all.revision))).toEqual([['nut-2', 51]]);
    } finally {
      await old.end();
    }
  });

  it('is really broken in its test-only variants, so the suites can see it', async () => {
    const op: Op = { type: 'adjust', itemId: 'nut-2', delta: -1, reason: 'sold' };
    schema = randomSchema('pgonly');
    const broken = (variant: BrokenVariant) =>
      openBrokenPostgresStore(TEST_DATABASE_URL, variant, { schema, poolSize: 4 }).then((s) => {
        stores.push(s);
        return s;
      });
    const noDedup = await broken('no-dedup');
    await noDedup.insertUser(ALICE);
    await noDedup.seedItems(SEED, T0);
    const r = await request(op, 'Lbroken.1');
    await noDedup.apply([r], at(T0));
    await noDedup.apply([r], at(T0 + 1));
    expect((await noDedup.listItems(null)).items.find((i) => i.id === 'nut-2')?.quantity).toBe(48);

    const outside = await broken('receipt-outside-tx');
    const r2 = await request(op, 'Lbroken.2');
    await expect(outside.apply([r2], { now: () => T0, failBeforeCommit: true })).rejects.toThrow();
    expect(await outside.findOperation(ALICE.id, 'Lbroken.2')).not.toBeNull();
    expect((await outside.listItems(null)).items.find((i) => i.id === 'nut-2')?.quantity).toBe(48);
  });
});
