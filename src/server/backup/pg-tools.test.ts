import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../../../tests/support/server/postgres-test-db';
import { connectionFor, runPsqlScript } from './pg-tools';

describe('connectionFor', () => {
  it('keeps the password off the command line, for the environment', () => {
    expect(connectionFor('postgres://app:s%40cret@db:5432/shop?schema=north')).toEqual({
      url: 'postgres://app@db:5432/shop?schema=north',
      password: 's@cret',
    });
    expect(connectionFor('postgres://app@db/shop')).toEqual({
      url: 'postgres://app@db/shop',
      password: null,
    });
  });
});

describe('runTool with input that fails part-way', () => {
  const schema = randomSchema('pgtools');
  beforeAll(() => requirePostgres());
  afterAll(() => dropSchema(schema));

  it('kills psql instead of ending its input, so its transaction commits nothing', async () => {
    async function* script(): AsyncIterable<string> {
      yield `CREATE SCHEMA ${schema};\nCREATE TABLE ${schema}.half (x int);\n`;
      throw new Error('the archive could not be read to its end');
    }
    await expect(runPsqlScript(TEST_DATABASE_URL, script())).rejects.toThrow(
      'the archive could not be read to its end',
    );
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      expect(found.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
