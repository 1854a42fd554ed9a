/**
 * When the sender looks again by itself (docs/client.md#when-the-sender-looks-again).
 * Automatic retries end and an operation rests as "Stored · waiting to retry", but the sender never
 * parks for good while the app is open: resting work, and a server that gave no answer, are checked
 * again at least every `recheckMs` (2 minutes), drawn between half and all of it so that phones
 * which lost the server together do not come back in lockstep. Pure: the clock reading and the
 * jitter draw come in.
 */
import type { HttpOutcome } from './http-outcome';

export interface RecheckPolicy {
  /** The longest resting work (or a silent server) goes without being checked again. */
  recheckMs: number;
}

export const DEFAULT_RECHECK: RecheckPolicy = { recheckMs: 120_000 };

/** Half to (just under) all of `recheckMs`: never later than promised. */
export function recheckDelay(jitter: number, policy: RecheckPolicy): number {
  const j = Math.min(Math.max(jitter, 0), 1);
  return Math.floor((policy.recheckMs * (1 + j)) / 2);
}

export interface WakeInput {
  /** How the round ended: only an idle end (signed in, online, storage fine) plans anything. */
  end: string;
  /** A backoff ending or a status question due, from the round. */
  wakeAt: number | null;
  /** When the lease should be refreshed, from the round. */
  refreshAt: number | null;
  /** Operations rest as "Stored · waiting to retry". */
  resting: boolean;
  /** The last request got no answer from the server. */
  unreachable: boolean;
  /** The recheck planned before this round (null: none). */
  recheckAt: number | null;
  /** This round already looked at the resting work again (a new round or a recheck). */
  checked: boolean;
  now: number;
  /** A draw in [0, 1) from the injected random source; made only when a new time is drawn. */
  jitter: () => number;
}

export interface Wake {
  /** The next check of resting work or of the server; null while nothing rests and it answers. */
  recheckAt: number | null;
  /** The sender's next timer: the earliest of a backoff ending, a lease refresh and the recheck. */
  timer: { at: number; recheck: boolean } | null;
}

export function nextWake(input: WakeInput, policy: RecheckPolicy): Wake {
  const { now } = input;
  const idle = input.end === 'idle';
  let recheckAt: number | null = null;
  if (idle && (input.resting || input.unreachable)) {
    // A recheck already planned keeps its time through other rounds (saving a change every minute
    // must not push it back for ever); capped, so a device clock set back cannot stretch the wait.
    recheckAt =
      input.recheckAt !== null && !input.checked
        ? Math.min(input.recheckAt, now + policy.recheckMs)
        : now + recheckDelay(input.jitter(), policy);
  }
  // A lease refresh still due when the round ends is one the round just tried and did not get (no
  // answer, a refusal): it waits for the next recheck, or it would be asked again at once, a round
  // per request timeout for as long as the server stays slow.
  const refreshAt =
    input.refreshAt === null || input.refreshAt > now
      ? input.refreshAt
      : (recheckAt ?? now + recheckDelay(input.jitter(), policy));
  const times = [input.wakeAt, refreshAt, recheckAt].filter((t): t is number => t !== null);
  if (times.length === 0) return { recheckAt, timer: null };
  const at = Math.min(...times);
  return { recheckAt, timer: { at, recheck: recheckAt !== null && recheckAt <= at } };
}

/**
 * What one exchange says about the server: a response answers (a gateway's 502/504 speaks for a
 * server that did not, as in answers.ts); a 2xx succeeds.
 */
export function heardFrom(outcome: HttpOutcome): { answered: boolean; succeeded: boolean } {
  if (outcome.kind !== 'response') return { answered: false, succeeded: false };
  const answered = outcome.status !== 502 && outcome.status !== 504;
  return { answered, succeeded: outcome.status >= 200 && outcome.status < 300 };
}

/** The server answered but refuses work for now (503 overloaded, 429): "Server busy". */
export function refusedForNow(outcome: HttpOutcome): boolean {
  return outcome.kind === 'response' && (outcome.status === 503 || outcome.status === 429);
}

export interface Answer {
  answered: boolean;
  succeeded: boolean;
  /** The request before it got no answer. */
  wasUnreachable: boolean;
  /** Operations rest as "Stored · waiting to retry". */
  resting: boolean;
  /** A sender round is running (its own requests do not start another). */
  roundRunning: boolean;
}

/**
 * What an exchange asks of the sender: a new round at once when the server answers again after a
 * silence, or when any request succeeds while work rests and no round runs (an item list, a
 * history: the server is back); a plain round, to plan the next check, when it falls silent while
 * no round runs (a round plans its own when it ends); otherwise nothing.
 */
export function afterExchange(a: Answer): 'new-round' | 'plan' | null {
  if (a.answered) {
    return a.wasUnreachable || (a.succeeded && a.resting && !a.roundRunning) ? 'new-round' : null;
  }
  return !a.wasUnreachable && !a.roundRunning ? 'plan' : null;
}
