import { describe, expect, it } from 'vitest';
import {
  COUNTERS,
  reserve,
  settle,
  signInAttempt,
  SIGN_IN_RULES,
  type Counter,
  type KeyCount,
} from './sign-in-limits';

const NOW = Date.UTC(2026, 11, 2);
const attempt = signInAttempt('a1', 'Manager', '192.0.2.1');
const counts = (over: Partial<Record<Counter, KeyCount>> = {}) =>
  Object.fromEntries(
    COUNTERS.map((c) => [c, over[c] ?? { count: 0, firstExpiresAt: null }]),
  ) as Record<Counter, KeyCount>;
const full = (c: Counter, firstExpiresAt: number) => ({
  count: SIGN_IN_RULES[c].limit,
  firstExpiresAt,
});

describe('sign-in limits (pure)', () => {
  it('user names count case-insensitively; the parts stay apart', () => {
    expect(signInAttempt('x', 'MANAGER', '192.0.2.1').keys).toEqual(attempt.keys);
    expect(signInAttempt('x', 'a","b', 'c').keys.pair).not.toBe(
      signInAttempt('x', 'a', 'b","c').keys.pair,
    );
  });

  it('an allowed attempt writes one hit per counter, each leaving its window', () => {
    const verdict = reserve(attempt, false, counts(), NOW);
    expect(verdict).toEqual({
      allowed: true,
      hits: COUNTERS.map((c) => ({
        key: attempt.keys[c],
        expiresAt: NOW + SIGN_IN_RULES[c].windowMs,
      })),
    });
  });

  it('a stranger is stopped by the pair, address and user limits; a known pair by its own and the successes', () => {
    for (const c of ['pair', 'address', 'user'] as const) {
      expect(reserve(attempt, false, counts({ [c]: full(c, NOW + 90_500) }), NOW)).toEqual({
        allowed: false,
        retryAfterSeconds: 91,
      });
      expect(reserve(attempt, true, counts({ [c]: full(c, NOW + 1) }), NOW).allowed).toBe(true);
    }
    expect(
      reserve(attempt, false, counts({ ownAccount: full('ownAccount', NOW + 1) }), NOW),
    ).toMatchObject({ allowed: true });
    expect(
      reserve(attempt, true, counts({ ownAccount: full('ownAccount', NOW + 1) }), NOW),
    ).toMatchObject({ allowed: false });
    for (const known of [true, false])
      expect(
        reserve(attempt, known, counts({ successes: full('successes', NOW + 1) }), NOW).allowed,
      ).toBe(false);
  });

  it('the longest wait wins; never less than a second', () => {
    const verdict = reserve(
      attempt,
      false,
      counts({ pair: full('pair', NOW + 10), address: full('address', NOW + 200_000) }),
      NOW,
    );
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 200 });
    expect(reserve(attempt, false, counts({ pair: full('pair', NOW + 10) }), NOW)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('a right password resets the pair and the user, takes back the address hit, remembers the pair', () => {
    expect(settle(attempt, true, NOW)).toEqual({
      reset: [attempt.keys.pair, attempt.keys.user],
      takeBack: [attempt.keys.address],
      remember: { key: attempt.knownKey, expiresAt: NOW + 30 * 24 * 3_600_000 },
    });
  });

  it('a wrong password takes back only its place among the successes', () => {
    expect(settle(attempt, false, NOW)).toEqual({
      reset: [],
      takeBack: [attempt.keys.successes],
      remember: null,
    });
  });
});
