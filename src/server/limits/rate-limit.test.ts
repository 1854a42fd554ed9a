import { describe, expect, it } from 'vitest';
import { createSignInLimiter, SlidingWindowLimiter, type SignInPolicy } from './rate-limit';

const MIN = 60_000;
function clock() {
  let now = Date.UTC(2026, 10, 29, 17);
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('sign-in rate limit', () => {
  const policy: SignInPolicy = {
    windowMs: 15 * MIN,
    maxPerUserAndAddress: 5,
    maxPerAddress: 8,
    maxPerUser: 12,
    knownAddressMs: 30 * 24 * 60 * MIN,
  };
  const guess = (limiter: ReturnType<typeof createSignInLimiter>, user: string, ip: string) =>
    limiter.reserve(user, ip).allowed;

  it('counts an attempt when it is reserved, before any answer, so parallel guesses cannot pass', () => {
    const limiter = createSignInLimiter(clock(), policy);
    // Sixty reservations with no answer in between: only the limit's worth are let through.
    const allowed = Array.from({ length: 60 }, () => guess(limiter, 'manager', '192.0.2.1'));
    expect(allowed.filter(Boolean)).toHaveLength(5);
  });

  it('refuses a (user, address) pair until the oldest attempt leaves the sliding window', () => {
    const c = clock();
    const limiter = createSignInLimiter(c, policy);
    for (let i = 0; i < 5; i++) {
      expect(guess(limiter, 'demo', '192.0.2.1')).toBe(true);
      c.advance(MIN);
    }
    // Attempts at 0..4 min; now 5 min: the first leaves the window at 15 min.
    expect(limiter.reserve('demo', '192.0.2.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    expect(guess(limiter, 'DEMO', '192.0.2.1')).toBe(false);
    expect(guess(limiter, 'demo', '192.0.2.2')).toBe(true);
    c.advance(10 * MIN - 1);
    expect(limiter.reserve('demo', '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    c.advance(1);
    expect(guess(limiter, 'demo', '192.0.2.1')).toBe(true);
  });

  it('refuses an address that guesses across many users', () => {
    const limiter = createSignInLimiter(clock(), policy);
    for (let i = 0; i < 8; i++) expect(guess(limiter, `user${i}`, '192.0.2.1')).toBe(true);
    expect(guess(limiter, 'someone-new', '192.0.2.1')).toBe(false);
    expect(guess(limiter, 'someone-new', '192.0.2.2')).toBe(true);
  });

  it('a success takes its attempt back: an address full of good sign-ins is not limited', () => {
    const limiter = createSignInLimiter(clock(), policy);
    for (let i = 0; i < 20; i++) {
      const attempt = limiter.reserve(`user${i}`, '192.0.2.1');
      if (!attempt.allowed) throw new Error(`attempt ${i} refused`);
      attempt.succeeded();
    }
    expect(guess(limiter, 'another', '192.0.2.1')).toBe(true);
  });

  it('a success clears the user and the pair, not the address', () => {
    const limiter = createSignInLimiter(clock(), policy);
    for (let i = 0; i < 4; i++) guess(limiter, 'demo', '192.0.2.1');
    const attempt = limiter.reserve('demo', '192.0.2.1');
    if (!attempt.allowed) throw new Error('refused');
    attempt.succeeded();
    for (let i = 0; i < 4; i++) expect(guess(limiter, 'other', '192.0.2.1')).toBe(true);
    // 4 wrong for demo + 4 for other = the address's 8.
    expect(guess(limiter, 'third', '192.0.2.1')).toBe(false);
  });

  it('a distributed attack slows the account everywhere except where its owner signed in', () => {
    const limiter = createSignInLimiter(clock(), policy);
    const home = limiter.reserve('manager', '198.51.100.7');
    if (!home.allowed) throw new Error('refused');
    home.succeeded();
    // 12 addresses, one guess each: the user's limit across addresses.
    for (let i = 0; i < 12; i++) expect(guess(limiter, 'manager', `203.0.113.${i}`)).toBe(true);
    expect(guess(limiter, 'manager', '203.0.113.200')).toBe(false);
    expect(guess(limiter, 'manager', '198.51.100.7')).toBe(true);
    expect(guess(limiter, 'demo', '203.0.113.200')).toBe(true);
  });
});

describe('SlidingWindowLimiter', () => {
  it('keeps at most maxKeys keys, forgetting the least recently hit', () => {
    const limiter = new SlidingWindowLimiter(1, MIN, clock(), 3);
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

  it('release takes back one hit', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(2, MIN, c);
    limiter.hit('a');
    const at = limiter.hit('a');
    expect(limiter.check('a').allowed).toBe(false);
    limiter.release('a', at);
    expect(limiter.check('a').allowed).toBe(true);
  });
});
