/**
 * Sign-in brute-force protection (spec/api.md "Authentication"). Every attempt is counted the
 * moment it arrives, before its slow password check, so guesses sent in parallel cannot buy more
 * checks than the limit; a correct password then takes its own attempt back. Counts are sliding
 * windows on the injected server clock (the tester clock in SIMULATE mode, so tests move time
 * instead of waiting).
 *
 * Three limits, so an attacker can slow guessing everywhere but lock a person out nowhere:
 * - per (user, address): a few guesses at one account from one place;
 * - per address: one place guessing many accounts;
 * - per user, across addresses (a distributed attack): this one does not apply to an address the
 *   user signed in from recently, so hammering the account never shuts its owner out.
 */
import type { Clock } from '../clock';
import type { SignInLimiter } from '../http/deps';

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
    const now = this.clock.now();
    const recent = this.recent(key, now);
    const oldest = recent[0];
    if (recent.length < this.limit || oldest === undefined) return { allowed: true };
    const waitMs = oldest + this.windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Counts a hit now; returns its time, which `release` takes back. */
  hit(key: string): number {
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
    return now;
  }

  /** Takes back one hit counted at `at` (an attempt that turned out to be legitimate). */
  release(key: string, at: number): void {
    const recent = this.hits.get(key);
    const index = recent?.lastIndexOf(at) ?? -1;
    if (recent === undefined || index < 0) return;
    recent.splice(index, 1);
    if (recent.length === 0) this.hits.delete(key);
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

/** Addresses a user signed in from recently, with the time (least recently used first). */
class KnownAddresses {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  remember(key: string, now: number): void {
    this.seen.delete(key);
    this.seen.set(key, now);
    while (this.seen.size > this.maxKeys) {
      const first = this.seen.keys().next();
      if (first.done) break;
      this.seen.delete(first.value);
    }
  }

  has(key: string, now: number): boolean {
    const at = this.seen.get(key);
    return at !== undefined && at > now - this.ttlMs;
  }
}

export interface SignInPolicy {
  windowMs: number;
  maxPerUserAndAddress: number;
  maxPerAddress: number;
  maxPerUser: number;
  /** How long a successful sign-in exempts its address from the per-user limit. */
  knownAddressMs: number;
}

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  windowMs: 15 * 60_000,
  maxPerUserAndAddress: 5,
  maxPerAddress: 20,
  maxPerUser: 50,
  knownAddressMs: 30 * 24 * 60 * 60_000,
};

export function createSignInLimiter(
  clock: Clock,
  policy: SignInPolicy = DEFAULT_SIGN_IN_POLICY,
): SignInLimiter {
  const perPair = new SlidingWindowLimiter(policy.maxPerUserAndAddress, policy.windowMs, clock);
  const perAddress = new SlidingWindowLimiter(policy.maxPerAddress, policy.windowMs, clock);
  const perUser = new SlidingWindowLimiter(policy.maxPerUser, policy.windowMs, clock);
  const known = new KnownAddresses(policy.knownAddressMs);
  return {
    reserve(userName, ip) {
      const user = userName.toLowerCase();
      // JSON keeps the two parts apart whatever characters a user name holds.
      const pair = JSON.stringify([user, ip]);
      const verdicts = [perPair.check(pair), perAddress.check(ip)];
      if (!known.has(pair, clock.now())) verdicts.push(perUser.check(user));
      const waits = verdicts.flatMap((v) => (v.allowed ? [] : [v.retryAfterSeconds]));
      if (waits.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
      const at = perPair.hit(pair);
      perAddress.hit(ip);
      perUser.hit(user);
      return {
        allowed: true,
        // The right password: this attempt was no guess. The pair and the user start over; the
        // address only gets this attempt back, or one valid account would let an address keep
        // guessing everyone else's passwords.
        succeeded() {
          perPair.reset(pair);
          perUser.reset(user);
          perAddress.release(ip, at);
          known.remember(pair, clock.now());
        },
      };
    },
  };
}
