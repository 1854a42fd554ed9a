/**
 * The store contract, part 5: sign-in counts (core/sign-in-limits.ts). Counts are shared by every
 * handle on one database (two "processes"), a reservation is atomic with its reading of the
 * counts, a refused attempt writes nothing, a settlement changes only what it names, and pruning
 * removes only expired counts.
 */
import { expect, it } from 'vitest';
import { settle, signInAttempt, SIGN_IN_RULES } from '../../../src/server/core/sign-in-limits';
import { T0, type ContractContext } from './store-contract-support';

const MIN = 60_000;
let serial = 0;
const attempt = (user: string, address: string) =>
  signInAttempt(`attempt-${(serial += 1)}`, user, address);

export function registerSignInContract(ctx: ContractContext): void {
  it('sign-in: 60 parallel reservations on two handles let exactly the limit through', async () => {
    const other = await ctx.open();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? ctx.store : other).reserveSignIn(attempt('bob', '192.0.2.1'), T0),
      ),
    );
    expect(replies.filter((r) => r.allowed)).toHaveLength(SIGN_IN_RULES.pair.limit);
    for (const r of replies) if (!r.allowed) expect(r.retryAfterSeconds).toBe(15 * 60);
  });

  it('sign-in: counts slide; Retry-After is when the first counted attempt leaves the window', async () => {
    for (let i = 0; i < 5; i++)
      expect((await ctx.store.reserveSignIn(attempt('bob', 'a'), T0 + i * MIN)).allowed).toBe(true);
    expect(await ctx.store.reserveSignIn(attempt('bob', 'a'), T0 + 5 * MIN)).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    // A refused attempt wrote nothing: the first one still leaves at 15 minutes.
    expect(await ctx.store.reserveSignIn(attempt('BOB', 'a'), T0 + 15 * MIN - 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect((await ctx.store.reserveSignIn(attempt('bob', 'a'), T0 + 15 * MIN)).allowed).toBe(true);
  });

  it('sign-in: a success resets the pair and takes back its address hit; the pair is then known', async () => {
    const handle = await ctx.open();
    for (let i = 0; i < 4; i++) await ctx.store.reserveSignIn(attempt('bob', 'a'), T0);
    const right = attempt('bob', 'a');
    expect((await ctx.store.reserveSignIn(right, T0)).allowed).toBe(true);
    await handle.settleSignIn(right, settle(right, true, T0));
    // 4 guesses count at the address (the right one was taken back): 16 more for others.
    for (let i = 0; i < 16; i++)
      expect((await ctx.store.reserveSignIn(attempt(`u${i}`, 'a'), T0)).allowed).toBe(true);
    expect((await ctx.store.reserveSignIn(attempt('carol', 'a'), T0)).allowed).toBe(false);
    // bob signed in from here: the address limit does not stop him, on any handle.
    expect((await handle.reserveSignIn(attempt('bob', 'a'), T0)).allowed).toBe(true);
    // A wrong password takes back its hit on the successes count only.
    const wrong = attempt('bob', 'a');
    expect((await ctx.store.reserveSignIn(wrong, T0)).allowed).toBe(true);
    await ctx.store.settleSignIn(wrong, settle(wrong, false, T0));
    // Six of bob's 30 checks here count against the successes limit (the four guesses and the
    // check above, never settled, and the right one); the wrong one does not: 24 more, then no.
    for (let i = 0; i < 24; i++)
      expect((await ctx.store.reserveSignIn(attempt('bob', 'a'), T0)).allowed).toBe(true);
    expect((await ctx.store.reserveSignIn(attempt('bob', 'a'), T0)).allowed).toBe(false);
  });

  it('sign-in: pruning removes expired counts only; a known pair lasts 30 days', async () => {
    const known = attempt('bob', 'a');
    expect((await ctx.store.reserveSignIn(known, T0)).allowed).toBe(true);
    await ctx.store.settleSignIn(known, settle(known, true, T0));
    for (let i = 0; i < 20; i++) await ctx.store.reserveSignIn(attempt(`u${i}`, 'a'), T0);
    expect(await ctx.store.pruneSignIns(T0 + 15 * MIN - 1)).toBe(0);
    expect((await ctx.store.reserveSignIn(attempt('carol', 'a'), T0 + MIN)).allowed).toBe(false);
    // The 20 guesses (five counters each) and bob's one success (successes, own account) go.
    expect(await ctx.store.pruneSignIns(T0 + 15 * MIN)).toBe(20 * 5 + 2);
    expect((await ctx.store.reserveSignIn(attempt('carol', 'a'), T0 + 15 * MIN)).allowed).toBe(
      true,
    );
    // bob is still known: 20 more guesses by others limit the address, not him.
    const later = T0 + 20 * MIN;
    for (let i = 0; i < 20; i++) await ctx.store.reserveSignIn(attempt(`v${i}`, 'a'), later);
    expect((await ctx.store.reserveSignIn(attempt('dave', 'a'), later)).allowed).toBe(false);
    expect((await ctx.store.reserveSignIn(attempt('bob', 'a'), later)).allowed).toBe(true);
    await ctx.store.pruneSignIns(T0 + 30 * 24 * 60 * MIN);
    for (let i = 0; i < 20; i++)
      await ctx.store.reserveSignIn(attempt(`w${i}`, 'a'), T0 + 30 * 24 * 60 * MIN);
    expect(
      (await ctx.store.reserveSignIn(attempt('bob', 'a'), T0 + 30 * 24 * 60 * MIN)).allowed,
    ).toBe(false);
  });
}
