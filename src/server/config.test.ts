import { describe, expect, it } from 'vitest';
import { loadConfig, type Env } from './config';

const LONG = 'k'.repeat(32);
const problems = (env: Env) => {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.problems;
};
const config = (env: Env) => {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  return loaded.config;
};

describe('production settings', () => {
  it('no demo data in production unless DEMO=1 is set explicitly', () => {
    expect(config({}).demo).toBe(true);
    expect(config({ NODE_ENV: 'production', STOCKROOM_SECRET: LONG }).demo).toBe(false);
    expect(config({ NODE_ENV: 'production', STOCKROOM_SECRET: LONG, DEMO: '1' }).demo).toBe(true);
  });

  it('STOCKROOM_SECRET (and the previous one) must be at least 32 bytes in production', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'STOCKROOM_SECRET is required in production',
    ]);
    expect(problems({ NODE_ENV: 'production', STOCKROOM_SECRET: 'k'.repeat(31) })[0]).toMatch(
      /^STOCKROOM_SECRET must be at least 32 bytes/,
    );
    // Bytes, not characters: 16 two-byte characters are enough.
    expect(problems({ NODE_ENV: 'production', STOCKROOM_SECRET: 'é'.repeat(16) })).toEqual([]);
    const previous = { NODE_ENV: 'production', STOCKROOM_SECRET: LONG };
    expect(problems({ ...previous, STOCKROOM_SECRET_PREVIOUS: 'old' })[0]).toMatch(
      /^STOCKROOM_SECRET_PREVIOUS must be at least 32 bytes/,
    );
    expect(problems({ STOCKROOM_SECRET: 'short' })).toEqual([]);
  });

  it('PASSWORD_COST: 17 by default, never lower in production', () => {
    expect(config({}).passwordCost).toBe(17);
    expect(config({ PASSWORD_COST: '12' }).passwordCost).toBe(12);
    const production = { NODE_ENV: 'production', STOCKROOM_SECRET: LONG };
    expect(problems({ ...production, PASSWORD_COST: '12' })[0]).toMatch(/^PASSWORD_COST/);
    expect(config({ ...production, PASSWORD_COST: '18' }).passwordCost).toBe(18);
    expect(problems({ PASSWORD_COST: '40' })[0]).toMatch(/^PASSWORD_COST/);
  });

  it('TRUST_PROXY takes addresses, CIDR ranges and loopback', () => {
    expect(config({}).trustProxy).toBeNull();
    expect(config({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8, ::1',
    );
    expect(problems({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY: "true" is not an address, a CIDR range or loopback',
    ]);
    expect(problems({ TRUST_PROXY: '10.0.0.0/33' })[0]).toMatch(/^TRUST_PROXY/);
  });

  it('MAX_CONNECTIONS_PER_ADDRESS: 256 by default', () => {
    expect(config({}).maxConnectionsPerAddress).toBe(256);
    expect(config({ MAX_CONNECTIONS_PER_ADDRESS: '3' }).maxConnectionsPerAddress).toBe(3);
    expect(problems({ MAX_CONNECTIONS_PER_ADDRESS: '0' })[0]).toMatch(
      /^MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('EXPORT_WEBHOOK_URL: http(s) only, without a user or password (never echoed)', () => {
    expect(
      config({ EXPORT_WEBHOOK_URL: 'https://erp.example/hooks/stock?x=1' }).exportWebhookUrl,
    ).toBe('https://erp.example/hooks/stock?x=1');
    expect(problems({ EXPORT_WEBHOOK_URL: 'http://127.0.0.1:9000/effects' })).toEqual([]);
    for (const url of [
      'https://owner:s3cret-pass@erp.example/hook',
      'https://owner@erp.example/hook',
      'http://:s3cret-pass@erp.example/hook',
      'ftp://erp.example/hook',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'erp.example/hook',
    ]) {
      const found = problems({ EXPORT_WEBHOOK_URL: url });
      expect(found, url).toHaveLength(1);
      expect(found[0], url).toMatch(/^EXPORT_WEBHOOK_URL: /);
      expect(found[0], url).not.toMatch(/s3cret|owner/);
    }
  });

  it('SIMULATE=1 together with TRUST_PROXY is refused', () => {
    expect(problems({ SIMULATE: '1', TRUST_PROXY: 'loopback' })).toEqual([
      expect.stringMatching(/^SIMULATE=1 cannot be used with TRUST_PROXY/),
    ]);
    expect(problems({ SIMULATE: '1' })).toEqual([]);
    expect(problems({ TRUST_PROXY: 'loopback' })).toEqual([]);
  });
});

describe('PostgreSQL behind a pooler', () => {
  const pg = { DATABASE_URL: 'postgres://u:p@127.0.0.1:6432/db', STOCKROOM_SECRET: 's' };
  it('PG_POOLER: none by default, transaction behind PgBouncer, nothing else', () => {
    expect(config(pg).pgPooler).toBe('none');
    const direct = { DATABASE_DIRECT_URL: 'postgres://u:p@127.0.0.1:5432/db' };
    expect(config({ ...pg, ...direct, PG_POOLER: 'transaction' }).pgPooler).toBe('transaction');
    expect(problems({ ...pg, PG_POOLER: 'transaction' })[0]).toMatch(
      /^PG_POOLER=transaction needs DATABASE_DIRECT_URL/,
    );
    expect(problems({ ...pg, PG_POOLER: 'session' })[0]).toMatch(/^PG_POOLER: use transaction/);
    expect(problems({ ...direct, PG_POOLER: 'transaction' })).toContain(
      'PG_POOLER: only with a PostgreSQL DATABASE_URL',
    );
  });

  it('PG_POOL_SIZE: 10 connections per process by default', () => {
    expect(config(pg).pgPoolSize).toBe(10);
    expect(config({ ...pg, PG_POOL_SIZE: '4' }).pgPoolSize).toBe(4);
    expect(problems({ ...pg, PG_POOL_SIZE: '0' })[0]).toMatch(/^PG_POOL_SIZE/);
  });

  it('DATABASE_DIRECT_URL: a postgres URL beside a PostgreSQL DATABASE_URL', () => {
    expect(config(pg).databaseDirectUrl).toBeNull();
    const direct = 'postgres://u:p@127.0.0.1:5432/db';
    expect(config({ ...pg, DATABASE_DIRECT_URL: direct }).databaseDirectUrl).toBe(direct);
    expect(problems({ ...pg, DATABASE_DIRECT_URL: 'sqlite:x.db' })[0]).toMatch(
      /^DATABASE_DIRECT_URL/,
    );
    expect(problems({ DATABASE_DIRECT_URL: direct })[0]).toMatch(/^DATABASE_DIRECT_URL/);
  });
});

describe('running for a year', () => {
  it('SHUTDOWN_TIMEOUT 10s, MIGRATE on, EXPORT_FILE_MAX_SIZE 64MiB by default', () => {
    expect(config({})).toMatchObject({
      shutdownTimeoutMs: 10_000,
      migrate: true,
      exportFileMaxBytes: 64 * 1024 * 1024,
    });
    expect(config({ SHUTDOWN_TIMEOUT: '30s', MIGRATE: '0' })).toMatchObject({
      shutdownTimeoutMs: 30_000,
      migrate: false,
    });
  });

  it('EXPORT_FILE_MAX_SIZE takes bytes or KiB, MiB, GiB, at least 1KiB', () => {
    expect(config({ EXPORT_FILE_MAX_SIZE: '512KiB' }).exportFileMaxBytes).toBe(524_288);
    expect(config({ EXPORT_FILE_MAX_SIZE: '2gib' }).exportFileMaxBytes).toBe(2 * 1024 ** 3);
    expect(config({ EXPORT_FILE_MAX_SIZE: '4096' }).exportFileMaxBytes).toBe(4096);
    for (const bad of ['10', '5MB', '-1', 'lots']) {
      expect(problems({ EXPORT_FILE_MAX_SIZE: bad })[0]).toMatch(/^EXPORT_FILE_MAX_SIZE: /);
    }
    expect(problems({ SHUTDOWN_TIMEOUT: '0' })).toEqual([
      'SHUTDOWN_TIMEOUT must be more than 0 and at most 1h',
    ]);
  });
});
