import { describe, expect, it } from 'vitest';
import { createSignInLimiter, SlidingWindowLimiter } from './rate-limit';

const MIN = 60_000;
function clock() {
  let now = Date.UTC(2026, 10, 29, 17);
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('sign-in rate limit', () => {
  const policy = { windowMs: 15 * MIN, maxFailuresPerUser: 5, maxFailuresPerAddress: 8 };

  it('refuses a user after 5 wrong passwords until the oldest leaves the sliding window', () => {
    const c = clock();
    const limiter = createSignInLimiter(c, policy);
    for (let i = 0; i < 5; i++) {
      expect(limiter.check('demo', `10.0.0.${i}`)).toEqual({ allowed: true });
      limiter.failed('demo', `10.0.0.${i}`);
      c.advance(MIN);
    }
    // Failures at 0..4 min; now 5 min: the first leaves the window at 15 min.
    expect(limiter.check('demo', '10.0.0.99')).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(limiter.check('DEMO', '10.0.0.99')).toMatchObject({ allowed: false });
    expect(limiter.check('manager', '10.0.0.99')).toEqual({ allowed: true });
    c.advance(10 * MIN - 1);
    expect(limiter.check('demo', '10.0.0.99')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(1);
    expect(limiter.check('demo', '10.0.0.99')).toEqual({ allowed: true });
  });

  it('refuses an address that guesses across many users', () => {
    const c = clock();
    const limiter = createSignInLimiter(c, policy);
    for (let i = 0; i < 8; i++) limiter.failed(`user${i}`, '192.0.2.1');
    expect(limiter.check('someone-new', '192.0.2.1')).toMatchObject({ allowed: false });
    expect(limiter.check('someone-new', '192.0.2.2')).toEqual({ allowed: true });
  });

  it('a success clears the user, not the address', () => {
    const c = clock();
    const limiter = createSignInLimiter(c, policy);
    for (let i = 0; i < 5; i++) limiter.failed('demo', '192.0.2.1');
    limiter.succeeded('demo', '192.0.2.1');
    expect(limiter.check('demo', '192.0.2.9')).toEqual({ allowed: true });
    for (let i = 0; i < 3; i++) limiter.failed('other', '192.0.2.1');
    expect(limiter.check('third', '192.0.2.1')).toMatchObject({ allowed: false });
  });

  it('keeps at most maxKeys keys, forgetting the least recently hit', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(1, MIN, c, 3);
    ['a', 'b', 'c'].forEach((k) => limiter.hit(k));
    limiter.hit('a');
    limiter.hit('d');
    expect(['a', 'b', 'c', 'd'].map((k) => limiter.check(k).allowed)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});
