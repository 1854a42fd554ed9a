/**
 * `npm run users` (docs/api.md#authentication) against a running server's
 * database, SQLite and PostgreSQL: the command is spawned with the password on standard input,
 * and the server sees each change at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import { startServer, type RunningServer } from '../../src/server/start';
import { send } from './support/http';
import { users } from './support/commands';

interface Database {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const COMMON = {
  STOCKROOM_SECRET: randomBytes(48).toString('base64'),
  PASSWORD_COST: '12',
  DEMO: '0',
  PORT: '0',
  HOST: '127.0.0.1',
  CLEANUP_INTERVAL: '365d',
};

async function sqlite(): Promise<Database> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-users-'));
  return {
    env: {
      ...COMMON,
      DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgres(): Promise<Database> {
  await requirePostgres();
  const schema = randomSchema('users_cli');
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-users-pg-'));
  return {
    env: {
      ...COMMON,
      DATABASE_URL: `${TEST_DATABASE_URL}?schema=${schema}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
    },
    dispose: async () => {
      await dropSchema(schema);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const signIn = (base: string, username: string, password: string) =>
  send(base, 'POST', '/api/session', { json: { username, password } });

async function token(base: string, username: string, password: string): Promise<string> {
  const reply = await signIn(base, username, password);
  expect(reply.status).toBe(200);
  return (reply.body as { token: string }).token;
}

const items = (base: string, t: string) => send(base, 'GET', '/api/items', { token: t });

for (const [kind, open] of [
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const) {
  describe(`npm run users on ${kind}`, () => {
    let db: Database;
    let server: RunningServer;
    const run = (args: string[], stdin = '') => users(args, db.env, stdin);

    beforeAll(async () => {
      db = await open();
      // First, from nothing: the command makes the database before the server ever started.
      expect(await run(['list'])).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/no users yet/),
      });
      const added = await run(['add', 'alice', '--role', 'manager'], 'alice-password-1\n');
      expect(added).toMatchObject({ code: 0, stdout: 'added alice (manager)\n' });
      server = await startServer(db.env);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    it('adds users (password: the first line of standard input) who then sign in', async () => {
      const added = await run(['add', 'bob', '--role', 'staff'], 'bob-password-1\nnot read\n');
      expect(added.code).toBe(0);
      const reply = await signIn(server.url, 'bob', 'bob-password-1');
      expect(reply.body).toMatchObject({ user: { name: 'bob', role: 'staff' } });
      expect((await signIn(server.url, 'alice', 'alice-password-1')).status).toBe(200);
      const list = await run(['list']);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^alice +manager +active\nbob +staff +active\n$/);
    });

    it('clear errors and exit codes: 1 for a refusal, 2 for bad usage; nothing changes', async () => {
      // Every usage error is in src/server/cli/users-command.test.ts; here the process's answers.
      const cases: [string[], string, number, RegExp][] = [
        [['add', 'alice', '--role', 'staff'], 'another-password\n', 1, /"alice" already exists/],
        [['passwd', 'nobody'], 'whatever-password\n', 1, /no user "nobody"/],
        [['add', 'carol', '--role', 'boss'], '', 2, /--role must be staff or manager/],
      ];
      if (kind === 'SQLite') {
        cases.push(
          [['add', 'carol', '--role', 'staff'], 'short\n', 1, /at least 8 characters/],
          [['add', 'carol', '--role', 'staff'], '', 1, /at least 8 characters/],
          [['disable', 'nobody'], '', 1, /no user "nobody"/],
          [['frobnicate'], '', 2, /unknown command "frobnicate"\nusage: npm run users/],
          [['add', 'carol', '--role'], '', 2, /^users: --role needs a value: staff or manager\n/],
          [['add', 'carol', '--role=staff', '--force'], '', 2, /^users: unknown option "--force"/],
        );
      }
      const results = await Promise.all(cases.map(([args, stdin]) => run(args, stdin)));
      cases.forEach(([args, , code, message], i) => {
        expect({ args, code: results[i]?.code }).toEqual({ args, code });
        expect(results[i]?.stderr).toMatch(message);
      });
      expect((await run(['list'])).stdout).not.toMatch(/carol/);
      expect((await signIn(server.url, 'alice', 'alice-password-1')).status).toBe(200);
    });

    it('--help prints the usage and exits 0 without opening the database', async () => {
      // A database that cannot be opened: --help must not need one.
      const help = await users(['--help'], { ...db.env, DATABASE_URL: 'sqlite:/nonexistent/x.db' });
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^usage: npm run users -- <command>/);
      expect(help.stdout).toContain('add NAME --role staff|manager');
    });

    it('passwd: the new password signs in, the old one not, and old sessions end', async () => {
      const before = await token(server.url, 'bob', 'bob-password-1');
      expect((await run(['passwd', 'bob'], 'bob-password-2\n')).code).toBe(0);
      expect((await items(server.url, before)).status).toBe(401);
      expect((await signIn(server.url, 'bob', 'bob-password-1')).status).toBe(401);
      expect(
        (await items(server.url, await token(server.url, 'bob', 'bob-password-2'))).status,
      ).toBe(200);
    });

    it('disable: the sessions end at once and sign-in is refused; enable lets the user back', async () => {
      const session = await token(server.url, 'bob', 'bob-password-2');
      const other = await token(server.url, 'alice', 'alice-password-1');
      expect((await items(server.url, session)).status).toBe(200);
      const disabled = await run(['disable', 'bob']);
      expect(disabled).toMatchObject({ code: 0, stdout: expect.stringMatching(/bob is disabled/) });
      expect((await items(server.url, session)).status).toBe(401);
      expect((await signIn(server.url, 'bob', 'bob-password-2')).status).toBe(401);
      expect((await items(server.url, other)).status).toBe(200);
      expect((await run(['list'])).stdout).toMatch(/bob +staff +disabled/);
      expect((await run(['enable', 'bob'])).code).toBe(0);
      expect((await signIn(server.url, 'bob', 'bob-password-2')).status).toBe(200);
    });
  });
}
