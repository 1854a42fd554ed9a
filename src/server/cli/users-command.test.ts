import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store';
import { parseUsersArgs, runUsersCommand, type UsersIo } from './users-command';

describe('parseUsersArgs', () => {
  it('reads the five commands', () => {
    expect(parseUsersArgs(['add', 'ana', '--role', 'staff'])).toEqual({
      kind: 'add',
      name: 'ana',
      role: 'staff',
    });
    expect(parseUsersArgs(['passwd', 'ana'])).toEqual({ kind: 'passwd', name: 'ana' });
    expect(parseUsersArgs(['disable', 'ana'])).toEqual({ kind: 'disable', name: 'ana' });
    expect(parseUsersArgs(['enable', 'ana'])).toEqual({ kind: 'enable', name: 'ana' });
    expect(parseUsersArgs(['list'])).toEqual({ kind: 'list' });
  });

  it('reads the arguments with node:util parseArgs: --role=VALUE, options in any place, --help', () => {
    const add = { kind: 'add', name: 'ana', role: 'manager' };
    expect(parseUsersArgs(['add', 'ana', '--role=manager'])).toEqual(add);
    expect(parseUsersArgs(['add', '--role', 'manager', 'ana'])).toEqual(add);
    expect(parseUsersArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseUsersArgs(['list', '-h'])).toEqual({ kind: 'help' });
  });

  it('explains bad usage', () => {
    const errors: [string[], RegExp][] = [
      [[], /^no command given$/],
      [['add'], /^add needs a user NAME$/],
      [['add', '--role', 'staff'], /^add needs a user NAME$/],
      [['add', 'ana'], /^add needs --role staff\|manager$/],
      [['add', 'ana', '--role'], /^--role needs a value: staff or manager$/],
      [['add', 'ana', '--role', 'admin'], /^--role must be staff or manager, not "admin"$/],
      [['add', 'ana', '--role', 'staff', 'extra'], /^add takes one NAME$/],
      [['add', 'ana', '--role', 'staff', '--force'], /^unknown option "--force"$/],
      [['add', 'ana', '-r', 'staff'], /^unknown option "-r"$/],
      [['add', 'ana', '--help=yes'], /^--help takes no value$/],
      [['add', 'ana', '--role', '--help'], /^--role needs a value: staff or manager$/],
      [['add', 'a\u0000b', '--role', 'staff'], /not a valid user name/],
      [['add', 'x'.repeat(129), '--role', 'staff'], /not a valid user name/],
      [['passwd'], /^passwd needs a user NAME$/],
      [['passwd', 'ana', 'bob'], /^passwd takes one NAME$/],
      [['passwd', 'ana', '--role', 'manager'], /^--role is only for add, not passwd$/],
      [['--role', 'staff'], /^--role is only for add$/],
      [['list', 'all'], /^list takes no arguments$/],
      [['remove', 'ana'], /^unknown command "remove"$/],
    ];
    for (const [argv, message] of errors) {
      const parsed = parseUsersArgs(argv);
      expect({ argv, error: 'error' in parsed && parsed.error }).toEqual({
        argv,
        error: expect.stringMatching(message),
      });
    }
  });
});

describe('runUsersCommand', () => {
  it('adds, refuses a duplicate, and lists', async () => {
    const store = await openSqliteStore('sqlite::memory:');
    const out: string[] = [];
    const err: string[] = [];
    const io: UsersIo = {
      readPassword: () => Promise.resolve('a fine password'),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    };
    expect(await runUsersCommand({ kind: 'add', name: 'ana', role: 'staff' }, store, io, 10)).toBe(
      0,
    );
    expect(
      await runUsersCommand({ kind: 'add', name: 'ana', role: 'manager' }, store, io, 10),
    ).toBe(1);
    expect(err).toEqual(['users: "ana" already exists']);
    expect(await runUsersCommand({ kind: 'list' }, store, io, 10)).toBe(0);
    expect(out.at(-1)).toMatch(/^ana +staff +active$/);
    expect((await store.userByName('ana'))?.passwordHash).toMatch(/^scrypt\$ln=10,/);
    await store.close();
  });

  it('refuses to disable the last enabled manager, as the app does (core/accounts.ts)', async () => {
    const store = await openSqliteStore('sqlite::memory:');
    const err: string[] = [];
    const io: UsersIo = {
      readPassword: () => Promise.resolve('a fine password'),
      out: () => undefined,
      err: (l) => err.push(l),
    };
    expect(
      await runUsersCommand({ kind: 'add', name: 'ana', role: 'manager' }, store, io, 10),
    ).toBe(0);
    expect(await runUsersCommand({ kind: 'disable', name: 'ana' }, store, io, 10)).toBe(1);
    expect(err).toEqual([
      'users: ana is the last enabled manager; make someone else a manager first',
    ]);
    expect((await store.userByName('ana'))?.disabled).toBe(false);
    // A new password is no demotion; with a second manager, ana may go.
    expect(await runUsersCommand({ kind: 'passwd', name: 'ana' }, store, io, 10)).toBe(0);
    expect(await runUsersCommand({ kind: 'add', name: 'bo', role: 'manager' }, store, io, 10)).toBe(
      0,
    );
    expect(await runUsersCommand({ kind: 'disable', name: 'ana' }, store, io, 10)).toBe(0);
    expect((await store.userByName('ana'))?.disabled).toBe(true);
    await store.close();
  });
});
