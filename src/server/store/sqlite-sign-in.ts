/**
 * The sign-in counts on SQLite (core/sign-in-limits.ts). A reservation reads the counts and writes
 * the hits in one `BEGIN IMMEDIATE` transaction: it holds the database's write lock from its
 * first read, so two processes on one file cannot both pass the last free place of a limit.
 */
import type Database from 'better-sqlite3';
import {
  COUNTERS,
  reserve,
  type Counter,
  type KeyCount,
  type Reservation,
  type Settlement,
  type SignInAttempt,
} from '../core/sign-in-limits';
import type { SignInCounts } from './store';

export function sqliteSignInCounts(db: Database.Database): SignInCounts {
  const count = db.prepare(
    `SELECT count(*) AS count, min(expires_at) AS firstExpiresAt
     FROM sign_in_hits WHERE key = ? AND expires_at > ?`,
  );
  const insert = db.prepare('INSERT INTO sign_in_hits (key, attempt, expires_at) VALUES (?, ?, ?)');
  const reset = db.prepare('DELETE FROM sign_in_hits WHERE key = ?');
  const takeBack = db.prepare('DELETE FROM sign_in_hits WHERE key = ? AND attempt = ?');
  // The known mark is one row per (user, address), its attempt empty; a later sign-in extends it.
  const remember = db.prepare(
    `INSERT INTO sign_in_hits (key, attempt, expires_at) VALUES (?, '', ?)
     ON CONFLICT (key, attempt) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
  );
  const prune = db.prepare('DELETE FROM sign_in_hits WHERE expires_at <= ?');

  const reserveTx = db.transaction((attempt: SignInAttempt, now: number): Reservation => {
    const read = (key: string) => count.get(key, now) as KeyCount;
    const counts = Object.fromEntries(COUNTERS.map((c) => [c, read(attempt.keys[c])])) as Record<
      Counter,
      KeyCount
    >;
    const verdict = reserve(attempt, read(attempt.knownKey).count > 0, counts, now);
    if (verdict.allowed)
      for (const hit of verdict.hits) insert.run(hit.key, attempt.id, hit.expiresAt);
    return verdict;
  });
  const settleTx = db.transaction((attempt: SignInAttempt, s: Settlement) => {
    for (const key of s.reset) reset.run(key);
    for (const key of s.takeBack) takeBack.run(key, attempt.id);
    if (s.remember) remember.run(s.remember.key, s.remember.expiresAt);
  });

  return {
    async reserveSignIn(attempt, now) {
      return reserveTx.immediate(attempt, now);
    },
    async settleSignIn(attempt, settlement) {
      settleTx.immediate(attempt, settlement);
    },
    async pruneSignIns(now) {
      return prune.run(now).changes;
    },
  };
}
