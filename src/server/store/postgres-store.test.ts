import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../protocol/fingerprint';
import type { Op } from '../../protocol/schemas';
import { EXPORT_CLAIM_MS } from '../export/claim-lease';
import { openPostgresStore, splitSchema, type PostgresOptions } from './postgres-store';
import { dropSchema, randomSchema, requirePostgres, TEST_DATABASE_URL } from './postgres-test-db';
import type { ApplyRequest, Store } from './store';
import { runStoreContract } from './store-contract';
import { ALICE, at, SEED, T0 } from './store-contract-support';

beforeAll(() => requirePostgres());

runStoreContract('postgres', async () => {
  const schema = randomSchema('contract');
  return {
    open: () => openPostgresStore(TEST_DATABASE_URL, { schema, poolSize: 4 }),
    dispose: () => dropSchema(schema),
  };
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

  it('migrates once when several processes start together', async () => {
    schema = randomSchema('pgonly');
    await Promise.all([open(), open(), open()]);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const r = await client.query(`SELECT count(*)::int AS n FROM ${schema}.schema_migrations`);
      expect(r.rows[0]).toEqual({ n: 1 });
    } finally {
      await client.end();
    }
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

  it('is really broken in its test-only variants, so the suites can see it', async () => {
    const op: Op = { type: 'adjust', itemId: 'nut-2', delta: -1, reason: 'sold' };
    const noDedup = await seeded({ brokenVariant: 'no-dedup' });
    const r = await request(op, 'Lbroken.1');
    await noDedup.apply([r], at(T0));
    await noDedup.apply([r], at(T0 + 1));
    expect((await noDedup.listItems(null)).items.find((i) => i.id === 'nut-2')?.quantity).toBe(48);

    const outside = await open({ brokenVariant: 'receipt-outside-tx' });
    const r2 = await request(op, 'Lbroken.2');
    await expect(outside.apply([r2], { now: () => T0, failBeforeCommit: true })).rejects.toThrow();
    expect(await outside.findOperation(ALICE.id, 'Lbroken.2')).not.toBeNull();
    expect((await outside.listItems(null)).items.find((i) => i.id === 'nut-2')?.quantity).toBe(48);
  });
});
