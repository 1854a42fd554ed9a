/** Sessions: random bearer tokens, stored hashed, sliding expiry on the server clock. */
import { createHash, randomBytes } from 'node:crypto';
import type { User } from '../protocol/schemas';
import type { Clock } from './clock';
import type { Store } from './store/store';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Sessions {
  create(userId: string): Promise<string>;
  /** null: no valid session for this Authorization header. */
  authenticate(authorization: string | undefined): Promise<User | null>;
  end(authorization: string | undefined): Promise<void>;
}

/** A session slides forward at most once a minute, so reads do not each cost a write. */
const SLIDE_STEP_MS = 60_000;

function bearer(authorization: string | undefined): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(authorization ?? '');
  return m?.[1] ?? null;
}

export function sessions(store: Store, clock: Clock, ttlMs: number): Sessions {
  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await store.insertSession({ tokenHash: hashToken(token), userId, expiresAt: now + ttlMs });
      // A new session is a sign-in: the managers' list of people shows the last one.
      await store.recordSignIn(userId, now);
      return token;
    },
    async authenticate(authorization) {
      const token = bearer(authorization);
      if (!token) return null;
      const hash = hashToken(token);
      const found = await store.sessionUser(hash);
      const now = clock.now();
      if (!found) return null;
      const { session, user } = found;
      if (session.expiresAt < now) {
        await store.deleteSession(hash);
        return null;
      }
      if (now + ttlMs - session.expiresAt > SLIDE_STEP_MS)
        await store.extendSession(hash, now + ttlMs);
      // Disabling deletes the sessions; this also covers one created while that ran.
      return !user.disabled ? { id: user.id, name: user.name, role: user.role } : null;
    },
    async end(authorization) {
      const token = bearer(authorization);
      if (token) await store.deleteSession(hashToken(token));
    },
  };
}
