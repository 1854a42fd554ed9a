/**
 * The sign-in limiter over a real store (SQLite in memory): the rules of core/sign-in-limits.ts as
 * the sign-in route sees them. tests/api/sign-in-limits.test.ts checks them through HTTP on both
 * stores; the store contract checks the counts across handles.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { createSignInLimiter } from './rate-limit';

const MIN = 60_000;
function clock() {
  let now = Date.UTC(2026, 10, 29, 17);
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

let store: Store;
beforeEach(async () => {
  store = await openSqliteStore('sqlite::memory:');
});
afterEach(async () => {
  await store.close();
});

type Limiter = ReturnType<typeof createSignInLimiter>;
/** A wrong password: reserved, checked, settled as a failure. */
async function guess(limiter: Limiter, user: string, ip: string): Promise<boolean> {
  const attempt = await limiter.reserve(user, ip);
  if (attempt.allowed) await attempt.settle(false);
  return attempt.allowed;
}
/** The right password. */
async function signIn(limiter: Limiter, user: string, ip: string): Promise<boolean> {
  const attempt = await limiter.reserve(user, ip);
  if (attempt.allowed) await attempt.settle(true);
  return attempt.allowed;
}
async function times(n: number, f: (i: number) => Promise<boolean>): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push(await f(i));
  return out;
}

describe('sign-in limits', () => {
  it('counts an attempt when it is reserved, before any answer, so parallel guesses cannot pass', async () => {
    const limiter = createSignInLimiter(store, clock());
    const replies = await Promise.all(
      Array.from({ length: 60 }, () => limiter.reserve('manager', '192.0.2.1')),
    );
    expect(replies.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('refuses a (user, address) pair until the oldest attempt leaves the sliding window', async () => {
    const c = clock();
    const limiter = createSignInLimiter(store, c);
    for (let i = 0; i < 5; i++) {
      expect(await guess(limiter, 'demo', '192.0.2.1')).toBe(true);
      c.advance(MIN);
    }
    expect(await limiter.reserve('demo', '192.0.2.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    expect(await guess(limiter, 'DEMO', '192.0.2.1')).toBe(false);
    expect(await guess(limiter, 'demo', '192.0.2.2')).toBe(true);
    c.advance(10 * MIN - 1);
    expect(await limiter.reserve('demo', '192.0.2.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    c.advance(1);
    expect(await guess(limiter, 'demo', '192.0.2.1')).toBe(true);
  });

  it('refuses an address that guesses across many users', async () => {
    const limiter = createSignInLimiter(store, clock());
    expect(await times(20, (i) => guess(limiter, `user${i}`, '192.0.2.1'))).not.toContain(false);
    expect(await guess(limiter, 'someone-new', '192.0.2.1')).toBe(false);
    expect(await guess(limiter, 'someone-new', '192.0.2.2')).toBe(true);
  });

  it('IPv6 addresses count by their /64; IPv4-mapped IPv6 is the IPv4 address', async () => {
    const limiter = createSignInLimiter(store, clock());
    const tries = await times(25, (i) => guess(limiter, 'manager', `2001:db8:1:2::${i + 1}`));
    expect(tries.filter(Boolean)).toHaveLength(5);
    expect(await guess(limiter, 'manager', '2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(false);
    expect(await guess(limiter, 'manager', '2001:db8:1:3::1')).toBe(true);
    await times(5, () => guess(limiter, 'demo', '198.51.100.9'));
    expect(await guess(limiter, 'demo', '::ffff:198.51.100.9')).toBe(false);
  });

  it("a flood of other user names from many addresses never pushes a person's count out", async () => {
    const limiter = createSignInLimiter(store, clock());
    await times(5, () => guess(limiter, 'manager', '192.0.2.1'));
    expect(await guess(limiter, 'manager', '192.0.2.1')).toBe(false);
    // More names than the in-memory limiter ever kept (10,000), from 501 addresses.
    const address = (k: number) => `10.0.${Math.floor(k / 256)}.${k % 256}`;
    await times(10_020, (i) => guess(limiter, `flood-${i}`, address(i % 501)));
    expect(await guess(limiter, 'manager', '192.0.2.1')).toBe(false);
  }, 60_000);

  it('a success takes its attempt back: an address full of good sign-ins is not limited', async () => {
    const limiter = createSignInLimiter(store, clock());
    expect(await times(25, (i) => signIn(limiter, `user${i}`, '192.0.2.1'))).not.toContain(false);
    expect(await guess(limiter, 'another', '192.0.2.1')).toBe(true);
  });

  it('successful sign-ins count too: at most 30 per user and address in 15 minutes', async () => {
    const c = clock();
    const limiter = createSignInLimiter(store, c);
    const tries = await times(35, () => signIn(limiter, 'manager', '192.0.2.1'));
    expect(tries.filter(Boolean)).toHaveLength(30);
    expect(await signIn(limiter, 'manager', '192.0.2.2')).toBe(true);
    c.advance(15 * MIN);
    expect(await signIn(limiter, 'manager', '192.0.2.1')).toBe(true);
  });

  it("a success clears the pair's guesses and takes back its own attempt, not the address's guesses", async () => {
    const limiter = createSignInLimiter(store, clock());
    await times(4, () => guess(limiter, 'demo', '192.0.2.1'));
    expect(await signIn(limiter, 'demo', '192.0.2.1')).toBe(true);
    // The pair starts over: five more guesses at demo from here.
    expect(await times(5, () => guess(limiter, 'demo', '192.0.2.1'))).not.toContain(false);
    // 9 wrong for demo + 11 for others = the address's 20.
    expect(await times(11, (i) => guess(limiter, `other${i}`, '192.0.2.1'))).not.toContain(false);
    expect(await guess(limiter, 'third', '192.0.2.1')).toBe(false);
  });

  it("someone guessing at a shared address does not lock out the people who signed in there; guesses at one's own account stay limited (50)", async () => {
    const limiter = createSignInLimiter(store, clock());
    const shop = '198.51.100.7';
    expect(await signIn(limiter, 'manager', shop)).toBe(true);
    // Guesses at other accounts limit the address for everyone else...
    await times(20, (i) => guess(limiter, `nobody${i}`, shop));
    expect(await signIn(limiter, 'demo', shop)).toBe(false);
    // ...not for the manager, who signed in from here.
    expect(await signIn(limiter, 'manager', shop)).toBe(true);
    // Two checks counted already (the two sign-ins): 48 more, then the manager waits too.
    const checks = await times(60, () => guess(limiter, 'manager', shop));
    expect(checks.filter(Boolean)).toHaveLength(48);
    expect(await signIn(limiter, 'manager', shop)).toBe(false);
  });

  it('a distributed attack slows the account everywhere except where its owner signed in', async () => {
    const limiter = createSignInLimiter(store, clock());
    expect(await signIn(limiter, 'manager', '198.51.100.7')).toBe(true);
    expect(await times(50, (i) => guess(limiter, 'manager', `203.0.113.${i}`))).not.toContain(
      false,
    );
    expect(await guess(limiter, 'manager', '203.0.113.200')).toBe(false);
    expect(await guess(limiter, 'manager', '198.51.100.7')).toBe(true);
    expect(await guess(limiter, 'demo', '203.0.113.200')).toBe(true);
  });
});
