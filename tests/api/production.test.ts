/**
 * docs/api.md#authentication, production and accounts: no demo accounts in
 * production, no weak lease-signing secret in any mode, scrypt N = 2^17 with older hashes upgraded,
 * a database file only its owner can read, and accounts managed with `npm run users`.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start';
import { send } from './support/http';
import { messagesAt, runTs, users } from './support/commands';

const STRONG_SECRET = randomBytes(48).toString('base64');
const dirs: string[] = [];

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-production-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function productionEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
    STOCKROOM_SECRET: STRONG_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    EXPORT_FILE: join(dir, 'export.jsonl'),
    CLEANUP_INTERVAL: '365d',
    ...extra,
  };
}

const signIn = (base: string, username: string, password: string) =>
  send(base, 'POST', '/api/session', { json: { username, password } });

describe('production mode (NODE_ENV=production)', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = await freshDir();
    server = await startServer(productionEnv(dir));
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('has no demo users or items', async () => {
    expect((await signIn(server.url, 'manager', 'manager')).status).toBe(401);
    expect((await signIn(server.url, 'demo', 'demo')).status).toBe(401);
    expect(await server.store.countUsers()).toBe(0);
    expect((await server.store.listItems(null)).items).toEqual([]);
  });

  it('creates the SQLite database file 0600', async () => {
    expect((await stat(join(dir, 'stockroom.db'))).mode & 0o777).toBe(0o600);
  });

  it('a user added with `npm run users` signs in; the hash is scrypt N = 2^17', async () => {
    const added = await users(
      ['add', 'owner', '--role', 'manager'],
      productionEnv(dir),
      'a long owner password\n',
    );
    expect(added).toMatchObject({ code: 0 });
    const stored = await server.store.userByName('owner');
    expect(stored?.passwordHash).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    const reply = await signIn(server.url, 'owner', 'a long owner password');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { name: 'owner', role: 'manager' } });
  });

  it('upgrades an older (N = 2^14) hash at the next successful sign-in', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('legacy password', salt, 32, { N: 16384, r: 8, p: 1 });
    const legacy = `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await server.store.insertUser({
      id: 'u-legacy',
      name: 'legacy',
      role: 'staff',
      passwordHash: legacy,
    });
    expect((await signIn(server.url, 'legacy', 'wrong password')).status).toBe(401);
    expect((await server.store.userByName('legacy'))?.passwordHash).toBe(legacy);
    expect((await signIn(server.url, 'legacy', 'legacy password')).status).toBe(200);
    const upgraded = (await server.store.userByName('legacy'))?.passwordHash;
    expect(upgraded).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect((await signIn(server.url, 'legacy', 'legacy password')).status).toBe(200);
  });

  it('DEMO=1 set explicitly still seeds the demo', async () => {
    const demo = await startServer(productionEnv(await freshDir(), { DEMO: '1' }));
    try {
      expect((await signIn(demo.url, 'manager', 'manager')).status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('refuses to start without STOCKROOM_SECRET, or with one shorter than 32 bytes', async () => {
    for (const secret of ['', 'x', 'a'.repeat(31)]) {
      const d = await freshDir();
      await expect(startServer(productionEnv(d, { STOCKROOM_SECRET: secret }))).rejects.toThrow(
        /STOCKROOM_SECRET/,
      );
      expect(existsSync(join(d, 'stockroom.db'))).toBe(false);
    }
    const previous = productionEnv(await freshDir(), { STOCKROOM_SECRET_PREVIOUS: 'short' });
    await expect(startServer(previous)).rejects.toThrow(/STOCKROOM_SECRET_PREVIOUS.*32 bytes/);
  });
});

describe('a secret file that is empty or shorter than 32 bytes stops the server in every mode', () => {
  for (const [what, content] of [
    ['empty', ''],
    ['blank', '\n'],
    ['short', 'abc123\n'],
  ] as const) {
    it(`${what} file: refused at start, nothing opened`, async () => {
      const d = await freshDir();
      await writeFile(join(d, 'stockroom.secret'), content);
      const env = { DATABASE_URL: `sqlite:${join(d, 'stockroom.db')}`, PORT: '0', DEMO: '1' };
      await expect(startServer(env)).rejects.toThrow(/secret file .*stockroom\.secret/);
      expect(existsSync(join(d, 'stockroom.db'))).toBe(false);
    });
  }

  it('the server process prints why and exits non-zero', async () => {
    const d = await freshDir();
    await writeFile(join(d, 'stockroom.secret'), '');
    const run = await runTs('src/server/main.ts', [], {
      DATABASE_URL: `sqlite:${join(d, 'stockroom.db')}`,
      PORT: '0',
      LOG_LEVEL: 'warn',
    });
    expect(run.code).toBe(1);
    // One fatal log line (pino JSON, like every line the server writes), and nothing listening.
    expect(messagesAt(run.stdout, 60)).toEqual([
      expect.stringMatching(/^Stockroom cannot start:\n- the secret file .* is empty/),
    ]);
    expect(run.stdout).not.toMatch(/listening/);
  });
});
