import pg from 'pg';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Pipeline } from './postgres-pipeline';
import { requirePostgres, TEST_DATABASE_URL } from '../../../tests/support/server/postgres-test-db';

beforeAll(() => requirePostgres());

describe('Pipeline (pg pipeline mode, one connection)', () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URL, pipeline: true });
    await client.connect();
    await client.query('CREATE TEMP TABLE t (n INT)');
  });
  afterEach(() => client.end());

  const rows = async () =>
    (await client.query<{ n: number }>('SELECT n FROM t ORDER BY n')).rows.map((r) => r.n);

  it('runs deferred statements before the one sent, in order, and answers for it', async () => {
    const tx = new Pipeline(client);
    tx.defer('INSERT INTO t VALUES (1)');
    tx.defer({ text: 'INSERT INTO t VALUES ($1)', values: [2] });
    const r = await tx.send<{ n: string }>('SELECT count(*) AS n FROM t');
    expect(r.rows).toEqual([{ n: '2' }]);
    const [a, b] = await tx.sendAll(['SELECT 3 AS x', 'SELECT 4 AS x']);
    expect([a?.rows, b?.rows]).toEqual([[{ x: 3 }], [{ x: 4 }]]);
    expect(await rows()).toEqual([1, 2]);
  });

  it('fails the send that carries a failed deferred write; the COMMIT behind it rolls back', async () => {
    const tx = new Pipeline(client);
    tx.defer('BEGIN');
    tx.defer('INSERT INTO t VALUES (1)');
    tx.defer('SELECT 1 / 0');
    tx.defer('INSERT INTO t VALUES (2)');
    await expect(tx.send('COMMIT')).rejects.toMatchObject({ code: '22012' });
    expect(await tx.rollback()).toBeUndefined();
    expect(await rows()).toEqual([]);
  });

  it('rollback drops statements still deferred', async () => {
    const tx = new Pipeline(client);
    tx.defer('BEGIN');
    await tx.send('INSERT INTO t VALUES (1)');
    tx.defer('INSERT INTO t VALUES (2)');
    expect(await tx.rollback()).toBeUndefined();
    await tx.send('SELECT 1');
    expect(await rows()).toEqual([]);
  });
});
