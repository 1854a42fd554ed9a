/**
 * Sign-in brute-force protection (spec/api.md "Authentication"): wrong passwords are counted per
 * user name and per address in a sliding window on the injected server clock (the tester clock in
 * SIMULATE mode, so tests move time instead of waiting). At the limit, sign-in is refused with
 * Retry-After until the oldest counted failure leaves the window.
 */
import type { Clock } from '../clock';
import type { SignInLimiter } from '../http/app';

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A sliding-window log: the times of the last `limit` hits per key. Memory is bounded by `maxKeys`. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    private readonly maxKeys = 10_000,
  ) {}

  check(key: string): LimitVerdict {
    const recent = this.recent(key, this.clock.now());
    const oldest = recent[0];
    if (recent.length < this.limit || oldest === undefined) return { allowed: true };
    const waitMs = oldest + this.windowMs - this.clock.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  hit(key: string): void {
    const now = this.clock.now();
    const recent = [...this.recent(key, now), now].slice(-this.limit);
    // Re-insert so the Map's order is least recently hit first: that is what gets evicted.
    this.hits.delete(key);
    this.hits.set(key, recent);
    while (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Hits still inside the window (older ones are dropped). */
  private recent(key: string, now: number): number[] {
    const kept = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.hits.delete(key);
    else this.hits.set(key, kept);
    return kept;
  }
}

export interface SignInPolicy {
  windowMs: number;
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
}

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerUser: 5,
  maxFailuresPerAddress: 20,
};

export function createSignInLimiter(
  clock: Clock,
  policy: SignInPolicy = DEFAULT_SIGN_IN_POLICY,
): SignInLimiter {
  const perUser = new SlidingWindowLimiter(policy.maxFailuresPerUser, policy.windowMs, clock);
  const perAddress = new SlidingWindowLimiter(policy.maxFailuresPerAddress, policy.windowMs, clock);
  const userKey = (name: string) => name.toLowerCase();
  return {
    check(userName, ip) {
      const byUser = perUser.check(userKey(userName));
      const byAddress = perAddress.check(ip);
      if (byUser.allowed && byAddress.allowed) return { allowed: true };
      const wait = Math.max(
        byUser.allowed ? 0 : byUser.retryAfterSeconds,
        byAddress.allowed ? 0 : byAddress.retryAfterSeconds,
      );
      return { allowed: false, retryAfterSeconds: wait };
    },
    failed(userName, ip) {
      perUser.hit(userKey(userName));
      perAddress.hit(ip);
    },
    // The user's count starts over; the address's does not, or one valid account would let an
    // address keep guessing everyone else's passwords.
    succeeded(userName) {
      perUser.reset(userKey(userName));
    },
  };
}
