/**
 * The sign-in limits (docs/api.md#authentication, "Sign-in limits hold everywhere at once"),
 * pure. The store keeps one row per counted attempt and counter (a hit, with the time it leaves the
 * window), shared by every process of one database and kept across restarts; each adapter reads
 * the counts and writes the hits of one attempt in ONE transaction, so parallel guesses in any
 * number of processes can never buy more checks than a limit. An attempt is counted before its
 * password is checked; the answer then settles it (`settle`).
 *
 * Counts are sliding windows on the injected server clock. Storage is bounded by expiry, never by
 * evicting counts (a flood of other names cannot push a person's count out): the cleanup job
 * removes the hits whose window has passed. A refused attempt writes nothing.
 */
export type Counter = 'pair' | 'address' | 'user' | 'ownAccount' | 'successes';

/**
 * Who a limit stops: `stranger`, an attempt at an account that has not signed in from this address
 * lately; `known`, one that has (the people who work behind the shop's shared address); `always`.
 */
type Applies = 'stranger' | 'known' | 'always';
/** What an answer does to the attempt's hit: keep it, take it back, or clear the whole count. */
type Settle = 'keep' | 'take-back' | 'reset';

export interface Rule {
  limit: number;
  windowMs: number;
  applies: Applies;
  onSuccess: Settle;
  onFailure: Settle;
  /** What the limit protects (docs/api.md#sign-in-limits says the same). */
  why: string;
}

const WINDOW_MS = 15 * 60_000;
/** How long a successful sign-in makes its (user, address) known. */
export const KNOWN_FOR_MS = 30 * 24 * 60 * 60_000;

export const SIGN_IN_RULES: Record<Counter, Rule> = {
  pair: {
    limit: 5,
    windowMs: WINDOW_MS,
    applies: 'stranger',
    onSuccess: 'reset',
    onFailure: 'keep',
    why: 'a few guesses at one account from one place',
  },
  address: {
    limit: 20,
    windowMs: WINDOW_MS,
    applies: 'stranger',
    // Not reset: one valid account must not let an address go on guessing everyone else's.
    onSuccess: 'take-back',
    onFailure: 'keep',
    why: 'one place guessing many accounts',
  },
  user: {
    limit: 50,
    windowMs: WINDOW_MS,
    applies: 'stranger',
    onSuccess: 'reset',
    onFailure: 'keep',
    why: 'many places guessing one account (not applied where its owner signs in)',
  },
  ownAccount: {
    limit: 50,
    windowMs: WINDOW_MS,
    applies: 'known',
    onSuccess: 'keep',
    onFailure: 'keep',
    why: 'guesses at an account from an address its owner signs in from',
  },
  successes: {
    limit: 30,
    windowMs: WINDOW_MS,
    applies: 'always',
    // Counted before the check like every attempt, so parallel right passwords cannot pass it
    // either; a wrong one takes its hit back (the other counters count guesses).
    onSuccess: 'keep',
    onFailure: 'take-back',
    why: 'correct sign-ins: each costs a slow password check',
  },
};

export const COUNTERS = Object.keys(SIGN_IN_RULES) as Counter[];

/** One sign-in attempt: its id (its hits' mark) and the store keys of its counts. */
export interface SignInAttempt {
  id: string;
  keys: Record<Counter, string>;
  /** Present (and not expired) when this user signed in from this address lately. */
  knownKey: string;
}

/**
 * `address` is already the counted address (./client-address.ts). User names count
 * case-insensitively; JSON keeps the parts apart whatever characters a name holds.
 */
export function signInAttempt(id: string, userName: string, address: string): SignInAttempt {
  const user = userName.toLowerCase();
  const pair = JSON.stringify([user, address]);
  return {
    id,
    keys: {
      pair: `pair:${pair}`,
      address: `address:${JSON.stringify(address)}`,
      user: `user:${JSON.stringify(user)}`,
      ownAccount: `own:${pair}`,
      successes: `ok:${pair}`,
    },
    knownKey: `known:${pair}`,
  };
}

/** A key's hits still in their window: how many, and when the first of them leaves it. */
export interface KeyCount {
  count: number;
  firstExpiresAt: number | null;
}

export interface Hit {
  key: string;
  expiresAt: number;
}

export type Reservation =
  { allowed: true; hits: Hit[] } | { allowed: false; retryAfterSeconds: number };

/** Whether the attempt may be checked now; if so, the hits to write (one per counter). */
export function reserve(
  attempt: SignInAttempt,
  known: boolean,
  counts: Record<Counter, KeyCount>,
  now: number,
  rules: Record<Counter, Rule> = SIGN_IN_RULES,
): Reservation {
  const waits = COUNTERS.flatMap((counter) => {
    const rule = rules[counter];
    const applies = rule.applies === 'always' || rule.applies === (known ? 'known' : 'stranger');
    const { count, firstExpiresAt } = counts[counter];
    if (!applies || count < rule.limit) return [];
    return [Math.max(1, Math.ceil(((firstExpiresAt ?? now) - now) / 1000))];
  });
  if (waits.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
  const hits = COUNTERS.map((c) => ({ key: attempt.keys[c], expiresAt: now + rules[c].windowMs }));
  return { allowed: true, hits };
}

/** What the answer to a checked attempt changes in the store. */
export interface Settlement {
  /** Keys whose hits all go (a right password: this was no guess, the count starts over). */
  reset: string[];
  /** Keys whose hit of this attempt goes. */
  takeBack: string[];
  /** A right password: this (user, address) is known until then. */
  remember: Hit | null;
}

export function settle(
  attempt: SignInAttempt,
  succeeded: boolean,
  now: number,
  rules: Record<Counter, Rule> = SIGN_IN_RULES,
): Settlement {
  const with_ = (what: Settle) =>
    COUNTERS.filter((c) => rules[c][succeeded ? 'onSuccess' : 'onFailure'] === what).map(
      (c) => attempt.keys[c],
    );
  return {
    reset: with_('reset'),
    takeBack: with_('take-back'),
    remember: succeeded ? { key: attempt.knownKey, expiresAt: now + KNOWN_FOR_MS } : null,
  };
}
