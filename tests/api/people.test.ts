/**
 * People's accounts from the app (docs/api.md#peoples-accounts): `/api/users` on
 * both stores, through HTTP. Managers only (the server decides); names and passwords by the rules
 * of `npm run users`; nobody disables or demotes themselves; the last enabled manager stays one,
 * even when two managers demote each other at once; a new password or disabling ends that
 * person's sessions at once; bad input is a clear problem and changes nothing; every change is
 * logged with who made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, AccountsResponse } from '../../src/protocol/schemas';
import { DATABASES, sqliteDatabase, type SharedDatabase } from '../multi/support/databases';
import { spawnServer, type ServerProcess } from '../multi/support/process';
import { signIn, type Api } from './support/api';
import { send, type Reply } from './support/http';
import { expectFieldError, expectProblem, ISO_MS } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';

const PASSWORD = 'a-fine-password';

const signInReply = (base: string, username: string, password: string) =>
  send(base, 'POST', '/api/session', { json: { username, password } });

async function list(api: Api): Promise<Account[]> {
  const reply = await api.get('/api/users');
  expect(reply.status, reply.text).toBe(200);
  return AccountsResponse.parse(reply.body).users;
}

const patch = (api: Api, name: string, json: unknown): Promise<Reply> =>
  api.send('PATCH', `/api/users/${encodeURIComponent(name)}`, { json });

const add = (api: Api, name: string, role: 'staff' | 'manager' = 'staff', password = PASSWORD) =>
  api.post('/api/users', { name, role, password });

for (const [kind, open] of DATABASES) {
  describe(`people's accounts on ${kind}`, () => {
    let db: SharedDatabase;
    let server: RunningServer;
    let manager: Api;
    let staff: Api;

    beforeAll(async () => {
      db = await open();
      server = await startTestServer(db.env);
      manager = await signIn(server.url, 'manager');
      staff = await signIn(server.url, 'demo');
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    it('lists people by name with role, status and last sign-in, for managers only', async () => {
      const people = await list(manager);
      expect(people.map((p) => [p.name, p.role, p.disabled])).toEqual([
        ['demo', 'staff', false],
        ['manager', 'manager', false],
      ]);
      for (const p of people) expect(p.lastSignInAt).toMatch(ISO_MS);
      expectProblem(await send(server.url, 'GET', '/api/users'), 'unauthorized');
      expectProblem(await staff.get('/api/users'), 'forbidden');
    });

    it('staff are refused (403) before anything is read or changed, whatever they send', async () => {
      const before = await list(manager);
      expectProblem(await add(staff, 'sneaky', 'manager'), 'forbidden');
      expectProblem(await staff.post('/api/users', { nonsense: true }), 'forbidden');
      expectProblem(await patch(staff, 'demo', { role: 'manager' }), 'forbidden');
      expectProblem(await patch(staff, 'manager', { disabled: true }), 'forbidden');
      expectProblem(await patch(staff, 'nobody-at-all', { disabled: true }), 'forbidden');
      expectProblem(
        await send(server.url, 'PATCH', '/api/users/demo', { json: { role: 'manager' } }),
        'unauthorized',
      );
      expect(await list(manager)).toEqual(before);
      expect(staff.user.role).toBe('staff');
      expectProblem(await staff.get('/api/users'), 'forbidden');
    });

    it('a manager adds a person (201), who signs in; the list shows when', async () => {
      const reply = await add(manager, 'ana.k', 'staff');
      expect(reply.status, reply.text).toBe(201);
      const added = Account.parse(reply.body);
      expect(added).toMatchObject({
        name: 'ana.k',
        role: 'staff',
        disabled: false,
        lastSignInAt: null,
      });
      expect((await list(manager)).find((p) => p.name === 'ana.k')).toEqual(added);
      const ana = await signIn(server.url, 'ana.k', PASSWORD);
      expect(ana.user).toEqual({ id: added.id, name: 'ana.k', role: 'staff' });
      const listed = (await list(manager)).find((p) => p.name === 'ana.k');
      expect(listed?.lastSignInAt).toMatch(ISO_MS);
      // A name taken: 409, and the first account stands.
      expectProblem(await add(manager, 'ana.k', 'manager', 'another-password'), 'conflict');
      expect((await list(manager)).filter((p) => p.name === 'ana.k')).toEqual([listed]);
      expect((await signInReply(server.url, 'ana.k', 'another-password')).status).toBe(401);
    });

    it('bad input is a 400 problem naming the field, and changes nothing', async () => {
      const before = await list(manager);
      expectFieldError(await add(manager, 'has space'), 'name');
      expectFieldError(await add(manager, 'x'.repeat(129)), 'name');
      expectFieldError(await add(manager, 'nul\u0000name'), 'name');
      expectFieldError(await add(manager, 'shorty', 'staff', 'short'), 'password');
      expectFieldError(await add(manager, 'longy', 'staff', 'p'.repeat(1025)), 'password');
      expectFieldError(
        await manager.post('/api/users', { name: 'boss', role: 'boss', password: PASSWORD }),
        'role',
      );
      expectFieldError(
        await manager.post('/api/users', { name: 'nopass', role: 'staff' }),
        'password',
      );
      expectProblem(
        await manager.post('/api/users', {
          name: 'extra',
          role: 'staff',
          password: PASSWORD,
          admin: true,
        }),
        'invalid-request',
      );
      expectProblem(
        await manager.send('POST', '/api/users', {
          raw: '{"name":',
          contentType: 'application/json',
        }),
        'invalid-request',
      );
      expectProblem(
        await manager.send('POST', '/api/users', { raw: 'name=x', contentType: 'text/plain' }),
        'unsupported-media-type',
      );
      expectProblem(await patch(manager, 'demo', {}), 'invalid-request');
      expectFieldError(await patch(manager, 'demo', { disabled: 'yes' }), 'disabled');
      expectFieldError(await patch(manager, 'demo', { role: 'owner' }), 'role');
      expectFieldError(await patch(manager, 'demo', { password: 'short' }), 'password');
      expectProblem(
        await patch(manager, 'demo', { role: 'manager', owner: true }),
        'invalid-request',
      );
      expectProblem(await patch(manager, 'bad\u0000name', { disabled: true }), 'invalid-request');
      // The body is judged before the person is looked for (400 before 404).
      expectProblem(await patch(manager, 'nobody-at-all', {}), 'invalid-request');
      expectProblem(await patch(manager, 'nobody-at-all', { disabled: true }), 'not-found');
      expect(await list(manager)).toEqual(before);
      expect((await signInReply(server.url, 'demo', 'demo')).status).toBe(200);
    });

    it('disabling ends the sessions at once and refuses sign-in; enabling lets them back', async () => {
      expect((await add(manager, 'bo', 'staff')).status).toBe(201);
      const bo = await signIn(server.url, 'bo', PASSWORD);
      const boElsewhere = await signIn(server.url, 'bo', PASSWORD);
      expect((await bo.get('/api/items')).status).toBe(200);
      const disabled = await patch(manager, 'bo', { disabled: true });
      expect(disabled.status, disabled.text).toBe(200);
      expect(Account.parse(disabled.body)).toMatchObject({ name: 'bo', disabled: true });
      expectProblem(await bo.get('/api/items'), 'unauthorized');
      expectProblem(await boElsewhere.post('/api/leases', { deviceId: 'x' }), 'unauthorized');
      expect((await signInReply(server.url, 'bo', PASSWORD)).status).toBe(401);
      expect((await manager.get('/api/items')).status).toBe(200);
      expect((await list(manager)).find((p) => p.name === 'bo')?.disabled).toBe(true);
      const enabled = await patch(manager, 'bo', { disabled: false });
      expect(Account.parse(enabled.body)).toMatchObject({ disabled: false });
      expect((await signInReply(server.url, 'bo', PASSWORD)).status).toBe(200);
      // The old sessions stay ended: enabling gives nobody a session back.
      expectProblem(await bo.get('/api/items'), 'unauthorized');
    });

    it('a new password ends the sessions at once; the old one no longer signs in', async () => {
      expect((await add(manager, 'cy', 'staff')).status).toBe(201);
      const cy = await signIn(server.url, 'cy', PASSWORD);
      const changed = await patch(manager, 'cy', { password: 'a-newer-password' });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.text).not.toMatch(/password|scrypt/);
      expectProblem(await cy.get('/api/items'), 'unauthorized');
      expect((await signInReply(server.url, 'cy', PASSWORD)).status).toBe(401);
      expect((await signInReply(server.url, 'cy', 'a-newer-password')).status).toBe(200);
    });

    it('roles: a person made manager may manage people; made staff again, they may not', async () => {
      expect((await add(manager, 'di', 'staff')).status).toBe(201);
      const di = await signIn(server.url, 'di', PASSWORD);
      expectProblem(await di.get('/api/users'), 'forbidden');
      const promoted = await patch(manager, 'di', { role: 'manager' });
      expect(Account.parse(promoted.body)).toMatchObject({ role: 'manager' });
      // The role is the server's to decide at each request: the same session is a manager's now.
      expect((await di.get('/api/users')).status).toBe(200);
      expect((await patch(manager, 'di', { role: 'staff' })).status).toBe(200);
      expectProblem(await di.get('/api/users'), 'forbidden');
      expectProblem(await patch(di, 'manager', { role: 'staff' }), 'forbidden');
    });

    it('nobody disables or demotes themselves; the last enabled manager stays one (409)', async () => {
      // With another enabled manager, so that only the rule about oneself refuses.
      expect((await add(manager, 'fay', 'manager')).status).toBe(201);
      const before = await list(manager);
      expectProblem(await patch(manager, 'manager', { disabled: true }), 'conflict');
      expectProblem(await patch(manager, 'manager', { role: 'staff' }), 'conflict');
      expectProblem(
        await patch(manager, 'manager', { role: 'staff', password: 'whatever-password' }),
        'conflict',
      );
      expect(await list(manager)).toEqual(before);
      expect((await manager.get('/api/users')).status).toBe(200);
      expect((await signInReply(server.url, 'manager', 'manager')).status).toBe(200);
      // A manager's own unchanging values are no demotion.
      expect((await patch(manager, 'manager', { role: 'manager', disabled: false })).status).toBe(
        200,
      );
      // Alone, a manager is the last one: still refused, and fay may not make it otherwise.
      const fay = await signIn(server.url, 'fay', PASSWORD);
      expectProblem(await patch(fay, 'fay', { disabled: true }), 'conflict');
      expect((await patch(manager, 'fay', { role: 'staff' })).status).toBe(200);
      expectProblem(await patch(manager, 'manager', { role: 'staff' }), 'conflict');
    });

    it('two managers demoting each other at once leave one manager, every time', async () => {
      for (let round = 0; round < 6; round++) {
        const a = `mgr-a${round}`;
        const b = `mgr-b${round}`;
        expect((await add(manager, a, 'manager')).status).toBe(201);
        expect((await add(manager, b, 'manager')).status).toBe(201);
        // The demo manager steps aside for the round (disabled by another manager).
        const asA = await signIn(server.url, a, PASSWORD);
        const asB = await signIn(server.url, b, PASSWORD);
        expect((await patch(asA, 'manager', { disabled: true })).status).toBe(200);
        const [ab, ba] = await Promise.all([
          patch(asA, b, { role: 'staff' }),
          patch(asB, a, round % 2 === 0 ? { role: 'staff' } : { disabled: true }),
        ]);
        const statuses = [ab.status, ba.status].sort();
        // One wins; the other is refused: the last manager (409), or, when the winner's change
        // came first, no manager any more (403) or no session any more (401).
        expect([
          [200, 401],
          [200, 403],
          [200, 409],
        ]).toContainEqual(statuses);
        const winner = ab.status === 200 ? asA : asB;
        const enabledManagers = (await list(winner))
          .filter((p) => p.role === 'manager' && !p.disabled)
          .map((p) => p.name);
        expect(enabledManagers).toEqual([winner.user.name]);
        // The winner brings the demo manager back, who retires the winner: one manager again.
        expect((await patch(winner, 'manager', { disabled: false })).status).toBe(200);
        manager = await signIn(server.url, 'manager');
        expect((await patch(manager, winner.user.name, { disabled: true })).status).toBe(200);
      }
    });
  });
}

describe('every change is logged with who made it', () => {
  let db: SharedDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await sqliteDatabase();
    server = await spawnServer({ ...db.env, LOG_LEVEL: 'info' });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await db?.dispose();
  });

  /** The log lines (pino JSON) that are account changes. */
  const accountLines = (): Record<string, unknown>[] =>
    server.output
      .split('\n')
      .filter((line) => line.includes('"account"'))
      .map((line) => JSON.parse(line) as { account: Record<string, unknown> })
      .map((line) => line.account);

  it('added, role, disabled, password: each a line naming the manager; never the password', async () => {
    const manager = await signIn(server.url, 'manager');
    expect((await add(manager, 'eve', 'staff', 'eve-secret-password')).status).toBe(201);
    expect((await patch(manager, 'eve', { role: 'manager' })).status).toBe(200);
    expect((await patch(manager, 'eve', { disabled: true })).status).toBe(200);
    expect((await patch(manager, 'eve', { password: 'eve-other-password' })).status).toBe(200);
    // Refused changes change nothing, and log no change.
    expect((await patch(manager, 'manager', { disabled: true })).status).toBe(409);
    const by = { by: 'manager', byId: manager.user.id, user: 'eve' };
    await expect.poll(accountLines, { timeout: 10_000 }).toHaveLength(4);
    expect(accountLines()).toEqual([
      expect.objectContaining({ ...by, action: 'added', role: 'staff' }),
      expect.objectContaining({ ...by, action: 'changed', role: 'manager' }),
      expect.objectContaining({ ...by, action: 'changed', disabled: true }),
      expect.objectContaining({ ...by, action: 'changed', password: 'changed' }),
    ]);
    expect(server.output).not.toMatch(/eve-secret-password|eve-other-password|scrypt\$/);
  });
});
