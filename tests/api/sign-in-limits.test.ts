/**
 * docs/api.md#sign-in-limits, black-box through
 * HTTP on both stores: IPv6 by /64, successful sign-ins counted too, the people who signed in from
 * a shared address not locked out by someone guessing there, and a restart that forgets nothing.
 * Real sockets from chosen loopback addresses (127.0.0.x); IPv6 clients through Fastify's inject,
 * which a loopback socket cannot be. WORKERS=2: tests/multi/sign-in-workers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { signIn } from './support/api';
import { signInFrom, type AddressedReply } from './support/from-address';
import { MINUTE, startTestServer, type RunningServer } from './support/server';

for (const [kind, open] of DATABASES) {
  describe(`sign-in limits on ${kind}`, () => {
    let db: SharedDatabase;
    let server: RunningServer;

    beforeAll(async () => {
      db = await open();
      server = await startTestServer(db.env);
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    const from = (address: string, username: string, password: string) =>
      signInFrom(server.url, address, username, password);
    /** Sign-ins one after another; their statuses. */
    async function inTurn(n: number, attempt: (i: number) => Promise<AddressedReply>) {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await attempt(i)).status);
      return statuses;
    }
    const count = (statuses: number[], status: number) =>
      statuses.filter((s) => s === status).length;

    it('IPv6 addresses count by their /64: 25 addresses of one /64 get 5 guesses, not 25', async () => {
      const guess = (address: string) =>
        server.inject({
          method: 'POST',
          url: '/api/session',
          remoteAddress: address,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: 'manager', password: 'wrong' }),
        });
      const statuses: number[] = [];
      for (let i = 1; i <= 25; i++)
        statuses.push((await guess(`2001:db8:24:1::${i.toString(16)}`)).statusCode);
      expect(count(statuses, 401)).toBe(5);
      expect(count(statuses, 429)).toBe(20);
      // Another /64 is another client.
      expect((await guess('2001:db8:24:2::1')).statusCode).toBe(401);
    });

    it('successful sign-ins count too: 35 in a row from one address → 30 answered 200, then 429', async () => {
      const statuses = await inTurn(35, () => from('127.0.0.11', 'demo', 'demo'));
      expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(200));
      expect(statuses.slice(30)).toEqual(Array<number>(5).fill(429));
      // The same person elsewhere is another pair.
      expect((await from('127.0.0.12', 'demo', 'demo')).status).toBe(200);
    });

    it("someone guessing at the shop's address does not lock out who signed in there; guesses at their own account stay limited", async () => {
      const shop = '127.0.0.13';
      expect((await from(shop, 'manager', 'manager')).status).toBe(200);
      const guesses = await inTurn(21, (i) => from(shop, `nobody-${i}`, 'guess'));
      expect(count(guesses, 401)).toBe(20);
      expect(guesses[20]).toBe(429);
      // The address is limited for a stranger (demo never signed in from here)...
      expect((await from(shop, 'demo', 'demo')).status).toBe(429);
      // ...not for the manager, whose account signed in from here.
      expect((await from(shop, 'manager', 'manager')).status).toBe(200);
      // Guesses at the manager's own account from here: at most 50 checks in 15 minutes, the two
      // sign-ins above included; then the manager waits too.
      const own = await inTurn(60, (i) => from(shop, 'manager', `wrong-${i}`));
      expect(count(own, 401)).toBe(48);
      expect(count(own, 429)).toBe(12);
      expect((await from(shop, 'manager', 'manager')).status).toBe(429);
    });

    it('a restart keeps a limited pair limited', async () => {
      // demo: the manager's account is limited across addresses by the guesses above.
      const statuses = await inTurn(6, (i) => from('127.0.0.14', 'demo', `wrong-${i}`));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      await server.close();
      server = await startTestServer(db.env);
      const after = await from('127.0.0.14', 'demo', 'demo');
      expect(after.status).toBe(429);
      expect(Number(after.retryAfter)).toBeGreaterThan(0);
      expect((await from('127.0.0.15', 'demo', 'demo')).status).toBe(200);
    });
  });
}

describe('the cleanup job removes sign-in counts whose window has passed', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('after 15 minutes on the tester clock, a cleanup run leaves no expired count behind', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(server.url, '127.0.0.31', `nobody-${i}`, 'x')).status).toBe(401);
    const tester = await signIn(server.url, 'manager');
    await tester.advanceClock(15 * MINUTE);
    await tester.cleanup();
    // Nothing expired is left for another prune to remove (without the job: 14 counts).
    expect(await server.store.pruneSignIns(await tester.now())).toBe(0);
    // And the guessing address starts over.
    expect((await signInFrom(server.url, '127.0.0.31', 'nobody-0', 'x')).status).toBe(401);
  });
});
