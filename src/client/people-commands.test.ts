import { describe, expect, it } from 'vitest';
import { systemClock } from './core/clock';
import type { SessionMeta } from './core/records';
import { peopleClient, type PeopleDeps } from './people-commands';

const SESSION: SessionMeta = {
  key: 'session',
  token: 'token-of-the-manager-123456',
  user: { id: 'u1', name: 'manager', role: 'manager' },
  expired: false,
  testerMode: false,
};

const ACCOUNT = { id: 'u2', name: 'ana', role: 'staff', disabled: false, lastSignInAt: null };

/** A server that answers every request with `status` and `body`, recording what it was asked. */
function world(status: number, body: unknown, online = true) {
  const asked: { method: string; url: string; body: string | null }[] = [];
  const ended: string[] = [];
  const deps: PeopleDeps = {
    http: {
      baseUrl: '',
      clock: systemClock,
      timeoutMs: 5_000,
      fetch: async (url, init) => {
        asked.push({
          method: init?.method ?? 'GET',
          url: String(url),
          body: typeof init?.body === 'string' ? init.body : null,
        });
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    },
    isOnline: () => online,
    session: async () => SESSION,
    sessionEnded: async (token) => {
      ended.push(token);
    },
  };
  return { people: peopleClient(deps), asked, ended };
}

const problem = (status: number, code: string) => ({
  type: `/problems/${code}`,
  title: code,
  status,
  detail: `the server's words for ${code}`,
  code,
});

describe("people's accounts from the app (docs/client.md#people)", () => {
  it('offline: refused at once with "needs a connection", and nothing is sent or kept', async () => {
    const { people, asked } = world(200, {}, false);
    expect(await people.add({ name: 'ana', role: 'staff', password: 'long-enough' })).toEqual({
      ok: false,
      refusal: { kind: 'accounts-offline' },
    });
    expect(await people.change('ana', { disabled: true })).toMatchObject({
      refusal: { kind: 'accounts-offline' },
    });
    expect(await people.list()).toMatchObject({ refusal: { kind: 'accounts-offline' } });
    expect(asked).toEqual([]);
  });

  it('online: the routes of docs/api.md#peoples-accounts, with the session', async () => {
    const added = world(201, ACCOUNT);
    expect(await added.people.add({ name: 'ana', role: 'staff', password: 'long-enough' })).toEqual(
      { ok: true, value: ACCOUNT },
    );
    expect(added.asked).toEqual([
      {
        method: 'POST',
        url: '/api/users',
        body: JSON.stringify({ name: 'ana', role: 'staff', password: 'long-enough' }),
      },
    ]);
    const changed = world(200, { ...ACCOUNT, disabled: true });
    await changed.people.change('ana b', { disabled: true });
    expect(changed.asked).toEqual([
      { method: 'PATCH', url: '/api/users/ana%20b', body: JSON.stringify({ disabled: true }) },
    ]);
    const listed = world(200, { users: [ACCOUNT] });
    expect(await listed.people.list()).toEqual({ ok: true, value: [ACCOUNT] });
  });

  it('refusals are typed: a name taken, a change refused, managers only, the server unreachable', async () => {
    const add = { name: 'ana', role: 'staff', password: 'long-enough' } as const;
    expect(await world(409, problem(409, 'conflict')).people.add(add)).toEqual({
      ok: false,
      refusal: { kind: 'account-name-taken', name: 'ana' },
    });
    expect(
      await world(409, problem(409, 'conflict')).people.change('manager', { role: 'staff' }),
    ).toEqual({ ok: false, refusal: { kind: 'account-change-refused' } });
    expect(await world(403, problem(403, 'forbidden')).people.list()).toEqual({
      ok: false,
      refusal: { kind: 'accounts-managers-only' },
    });
    expect(await world(400, problem(400, 'invalid-request')).people.add(add)).toEqual({
      ok: false,
      refusal: {
        kind: 'server-problem',
        status: 400,
        detail: "the server's words for invalid-request",
      },
    });
    const down = world(200, {});
    down.people = peopleClient({
      http: {
        baseUrl: '',
        clock: systemClock,
        timeoutMs: 5_000,
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      },
      isOnline: () => true,
      session: async () => SESSION,
      sessionEnded: async () => undefined,
    });
    expect(await down.people.add(add)).toEqual({
      ok: false,
      refusal: { kind: 'accounts-offline' },
    });
  });

  it("a 401 ends this device's session (a sign-in is asked for), as the sender does", async () => {
    const { people, ended } = world(401, problem(401, 'unauthorized'));
    expect(await people.list()).toEqual({ ok: false, refusal: { kind: 'signed-out-change' } });
    expect(ended).toEqual([SESSION.token]);
  });
});
