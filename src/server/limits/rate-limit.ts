/**
 * Sign-in brute-force protection (docs/api.md#authentication): the rules are
 * core/sign-in-limits.ts, the counts live in the store, so every process of one database gives the
 * same limits as one and a restart forgets nothing. Every attempt is counted the moment it arrives,
 * before its slow password check, so guesses sent in parallel cannot buy more checks than the
 * limit; the answer then settles it. Times are the injected server clock (the tester clock in
 * SIMULATE mode, so tests move time instead of waiting).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { addressKey } from '../core/client-address';
import { settle, signInAttempt } from '../core/sign-in-limits';
import type { SignInLimiter } from '../http/deps';
import type { SignInCounts } from '../store/store';

export function createSignInLimiter(store: SignInCounts, clock: Clock): SignInLimiter {
  return {
    async reserve(userName, ip) {
      const attempt = signInAttempt(randomUUID(), userName, addressKey(ip));
      const verdict = await store.reserveSignIn(attempt, clock.now());
      if (!verdict.allowed) return verdict;
      return {
        allowed: true,
        settle: (succeeded) => store.settleSignIn(attempt, settle(attempt, succeeded, clock.now())),
      };
    },
  };
}
