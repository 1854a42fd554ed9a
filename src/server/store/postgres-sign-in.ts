/**
 * The sign-in counts on PostgreSQL (core/sign-in-limits.ts). A reservation reads the counts and
 * writes the hits in one transaction that first takes transaction-level advisory locks on the
 * attempt's user and address (in a fixed order, so two never wait on each other): every counter
 * belongs to one or both, so attempts that share a count take turns, in any number of processes,
 * and two of them can never both pass the last free place of a limit. Attempts that share nothing
 * do not wait for each other.
 */
import { createHash } from 'node:crypto';
import type { Database } from './postgres-connection';
import {
  COUNTERS,
  reserve,
  type Counter,
  type KeyCount,
  type Reservation,
} from '../core/sign-in-limits';
import type { SignInCounts } from './store';

/** A 64-bit advisory lock id for a key (a collision only makes two attempts take turns). */
const lockId = (key: string): string =>
  BigInt.asIntN(64, createHash('sha256').update(key).digest().readBigUInt64BE(0)).toString();

export function postgresSignInCounts(db: Database): SignInCounts {
  return {
    reserveSignIn(attempt, now) {
      return db.transaction(async (client): Promise<Reservation> => {
        const locks = [attempt.keys.user, attempt.keys.address].map(lockId).sort();
        for (const id of locks) await client.query('SELECT pg_advisory_xact_lock($1)', [id]);
        const keys = [...COUNTERS.map((c) => attempt.keys[c]), attempt.knownKey];
        const r = await client.query<{ key: string; count: number; first: number }>(
          `SELECT key, count(*)::int AS count, min(expires_at) AS first FROM sign_in_hits
           WHERE key = ANY($1::text[]) AND expires_at > $2 GROUP BY key`,
          [keys, now],
        );
        const found = new Map(r.rows.map((row) => [row.key, row]));
        const countOf = (key: string): KeyCount => {
          const row = found.get(key);
          return { count: row?.count ?? 0, firstExpiresAt: row?.first ?? null };
        };
        const counts = Object.fromEntries(COUNTERS.map((c) => [c, countOf(attempt.keys[c])]));
        const known = countOf(attempt.knownKey).count > 0;
        const verdict = reserve(attempt, known, counts as Record<Counter, KeyCount>, now);
        if (verdict.allowed) {
          await client.query(
            `INSERT INTO sign_in_hits (key, attempt, expires_at)
             SELECT unnest($1::text[]), $2, unnest($3::bigint[])`,
            [verdict.hits.map((h) => h.key), attempt.id, verdict.hits.map((h) => h.expiresAt)],
          );
        }
        return verdict;
      });
    },
    async settleSignIn(attempt, s) {
      await db.transaction(async (client) => {
        if (s.reset.length > 0)
          await client.query('DELETE FROM sign_in_hits WHERE key = ANY($1::text[])', [s.reset]);
        if (s.takeBack.length > 0)
          await client.query(
            'DELETE FROM sign_in_hits WHERE key = ANY($1::text[]) AND attempt = $2',
            [s.takeBack, attempt.id],
          );
        if (s.remember)
          await client.query(
            `INSERT INTO sign_in_hits (key, attempt, expires_at) VALUES ($1, '', $2)
             ON CONFLICT (key, attempt)
             DO UPDATE SET expires_at = GREATEST(sign_in_hits.expires_at, excluded.expires_at)`,
            [s.remember.key, s.remember.expiresAt],
          );
      });
    },
    async pruneSignIns(now) {
      const r = await db.query({
        text: 'DELETE FROM sign_in_hits WHERE expires_at <= $1',
        values: [now],
      });
      return r.rowCount ?? 0;
    },
  };
}
