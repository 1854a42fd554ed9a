/**
 * Telling the server about sessions ended on this device (`DELETE /api/session`). A sign-out made
 * offline stores its token first (transactions/sign-out.ts); this runs at every contact (start, coming
 * online or to the foreground, sign-in) until the server has answered for each token.
 */
import * as api from './net/api';
import type { HttpDeps } from './net/http';
import { endedSessions, forgetEndedSession } from './transactions/sign-out';
import type { LocalStore } from './store/local-store';

export interface SessionEndDeps {
  store: LocalStore;
  http: HttpDeps;
}

/** How many ended sessions the server still has to hear about (0: all told). */
export async function tellServerSessionsEnded(deps: SessionEndDeps): Promise<number> {
  const tokens = await deps.store.read(endedSessions);
  let left = tokens.length;
  for (const token of tokens) {
    const outcome = await api.signOut(deps.http, token);
    if (outcome.kind !== 'response') break; // no contact: the next one tells the rest
    if (isWorthRetrying(outcome.status)) continue; // busy: keep it for the next contact
    // 2xx: ended now. 401: the server no longer knows it (ended, expired). Another 4xx would
    // answer the same every time: nothing more to tell.
    await deps.store.write((tx) => forgetEndedSession(tx, token));
    left--;
  }
  return left;
}

function isWorthRetrying(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
