/**
 * docs/operations.md#probes: `/livez` answers while the
 * process runs without touching the store; `/readyz` answers ready only when the store answers a
 * trivial query within 2 s and every migration is applied, otherwise `503 not-ready` saying why.
 * Neither needs a token; both are `no-store`. (Not ready from the first moment of a stop:
 * tests/multi/stopping.test.ts, with real signals.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start';
import { openStore } from '../../src/server/store/open-store';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import type { Store } from '../../src/server/store/store';
import { override } from '../support/broken-stores/override';
import { BASE_ENV } from './support/server';
import { send } from './support/http';
import { expectProblem } from './support/problem';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The real SQLite store with some methods replaced (a database that fails or hangs). */
async function startWith(overrides: (store: Store) => Partial<Store>): Promise<RunningServer> {
  const server = await startServer(BASE_ENV, {
    openStore: async (settings) => {
      const store = await openStore(settings);
      return override(store, overrides(store));
    },
  });
  servers.push(server);
  return server;
}

describe('GET /livez and GET /readyz', () => {
  it('answer ready with the store kind and schema, without a token, never cached', async () => {
    const server = await startWith(() => ({}));
    const live = await send(server.url, 'GET', '/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ ok: true });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await send(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.body).toEqual({
      ready: true,
      store: 'sqlite',
      schema: server.store.latestSchema,
      epoch: (await server.store.identity()).epoch,
    });
    expect(server.store.latestSchema).toBeGreaterThan(0);
  });

  it('a database whose query fails: /readyz 503 not-ready saying so, /livez still 200', async () => {
    let schemaQueries = 0;
    const server = await startWith(() => ({
      schemaVersion: () => {
        schemaQueries += 1;
        return Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
      },
    }));
    const ready = await send(server.url, 'GET', '/readyz');
    expect(expectProblem(ready, 'not-ready').detail).toMatch(/database does not answer/);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // The error's own text is for the log, not the probe's answer.
    expect(ready.text).not.toMatch(/SQLITE_IOERR/);
    const before = schemaQueries;
    const live = await send(server.url, 'GET', '/livez');
    expect(live.status).toBe(200);
    expect(schemaQueries).toBe(before);
  });

  it('a database that does not answer within 2 s: 503 not-ready after about 2 s', async () => {
    const server = await startWith(() => ({ schemaVersion: () => new Promise<number>(() => {}) }));
    const started = Date.now();
    const ready = await send(server.url, 'GET', '/readyz');
    expect(expectProblem(ready, 'not-ready').detail).toMatch(/did not answer within 2000 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect((await send(server.url, 'GET', '/livez')).status).toBe(200);
  });

  it('a database with migrations pending is not ready, and says so', async () => {
    const server = await startWith((store) => ({
      schemaVersion: () => Promise.resolve(store.latestSchema - 1),
    }));
    const ready = await send(server.url, 'GET', '/readyz');
    expect(expectProblem(ready, 'not-ready').detail).toMatch(/migrations pending/);
  });
});

describe('GET /readyz on PostgreSQL', () => {
  const schema = randomSchema('probes');
  beforeAll(async () => {
    await requirePostgres();
  });
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('answers ready with store "postgres" and the schema version', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('schema', schema);
    const server = await startServer({
      ...BASE_ENV,
      DATABASE_URL: url.toString(),
      DEMO: '0',
    });
    servers.push(server);
    const ready = await send(server.url, 'GET', '/readyz');
    expect(ready.body).toEqual({
      ready: true,
      store: 'postgres',
      schema: server.store.latestSchema,
      epoch: (await server.store.identity()).epoch,
    });
  });
});
