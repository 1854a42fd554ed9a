import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECHECK,
  afterExchange,
  heardFrom,
  nextWake,
  recheckDelay,
  refusedForNow,
  type WakeInput,
} from './recheck';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');
const TWO_MINUTES = 120_000;

/** An idle round with nothing to do and a server that answers. */
function input(over: Partial<WakeInput> = {}): WakeInput {
  return {
    end: 'idle',
    wakeAt: null,
    refreshAt: null,
    resting: false,
    unreachable: false,
    recheckAt: null,
    checked: false,
    now: NOW,
    jitter: () => 0.5,
    ...over,
  };
}

describe('recheckDelay', () => {
  it('draws between half and all of two minutes, never more', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (jitter) => {
        const d = recheckDelay(jitter, DEFAULT_RECHECK);
        expect(d).toBeGreaterThanOrEqual(TWO_MINUTES / 2);
        expect(d).toBeLessThanOrEqual(TWO_MINUTES);
      }),
    );
    expect(recheckDelay(0, DEFAULT_RECHECK)).toBe(60_000);
    expect(recheckDelay(0.5, DEFAULT_RECHECK)).toBe(90_000);
    // Out-of-range draws are clamped rather than trusted.
    expect(recheckDelay(7, DEFAULT_RECHECK)).toBe(TWO_MINUTES);
    expect(recheckDelay(-1, DEFAULT_RECHECK)).toBe(60_000);
  });
});

describe('nextWake: when the sender looks again by itself', () => {
  it('plans nothing while nothing rests and the server answers (and draws no jitter)', () => {
    const jitter = () => {
      throw new Error('no draw expected');
    };
    expect(nextWake(input({ jitter }), DEFAULT_RECHECK)).toEqual({ recheckAt: null, timer: null });
  });

  it('keeps the round’s own wake-ups: a backoff ending, a lease refresh', () => {
    const wake = nextWake(
      input({ wakeAt: NOW + 5000, refreshAt: NOW + 3_600_000 }),
      DEFAULT_RECHECK,
    );
    expect(wake).toEqual({ recheckAt: null, timer: { at: NOW + 5000, recheck: false } });
  });

  it('checks resting work again within two minutes, jittered', () => {
    const wake = nextWake(input({ resting: true, jitter: () => 0.25 }), DEFAULT_RECHECK);
    expect(wake.recheckAt).toBe(NOW + 75_000);
    expect(wake.timer).toEqual({ at: NOW + 75_000, recheck: true });
  });

  it('checks a silent server again even with nothing resting', () => {
    const wake = nextWake(input({ unreachable: true, jitter: () => 0 }), DEFAULT_RECHECK);
    expect(wake.timer).toEqual({ at: NOW + 60_000, recheck: true });
  });

  it('a lease refresh still due after the round tried it waits for the recheck, not a tight loop', () => {
    // The round asked for a lease and got no answer (or a refusal): asking again at once would
    // make a round per request timeout for as long as the server stays slow.
    const silent = nextWake(
      input({ unreachable: true, refreshAt: NOW - 1, jitter: () => 0 }),
      DEFAULT_RECHECK,
    );
    expect(silent).toEqual({ recheckAt: NOW + 60_000, timer: { at: NOW + 60_000, recheck: true } });
    const refused = nextWake(input({ refreshAt: NOW, jitter: () => 0.5 }), DEFAULT_RECHECK);
    expect(refused.timer).toEqual({ at: NOW + 90_000, recheck: false });
    const backoff = nextWake(input({ refreshAt: NOW - 5000, wakeAt: NOW + 3000 }), DEFAULT_RECHECK);
    expect(backoff.timer).toEqual({ at: NOW + 3000, recheck: false });
  });

  it('an earlier backoff ending or lease refresh comes first; the recheck stays planned', () => {
    const wake = nextWake(input({ resting: true, refreshAt: NOW + 1000 }), DEFAULT_RECHECK);
    expect(wake.recheckAt).toBe(NOW + 90_000);
    expect(wake.timer).toEqual({ at: NOW + 1000, recheck: false });
  });

  it('rounds that did not look at the resting work (a change saved, a backoff) keep the planned time', () => {
    // Saving a change every 50 s must not push the check back for ever.
    let recheckAt: number | null = null;
    let now = NOW;
    const draws = [0.9, 0.1, 0.1, 0.1];
    const jitter = () => draws.shift() ?? 0;
    for (let i = 0; i < 4; i++) {
      recheckAt = nextWake(
        input({ resting: true, recheckAt, now, jitter }),
        DEFAULT_RECHECK,
      ).recheckAt;
      now += 50_000;
    }
    expect(recheckAt).toBe(NOW + 114_000);
  });

  it('after a round that looked again (a recheck, a new round), the next time is drawn afresh', () => {
    const wake = nextWake(
      input({ resting: true, recheckAt: NOW, checked: true, jitter: () => 0 }),
      DEFAULT_RECHECK,
    );
    expect(wake.recheckAt).toBe(NOW + 60_000);
  });

  it('an overdue check is due at once; a device clock set back cannot stretch the wait', () => {
    const overdue = nextWake(input({ resting: true, recheckAt: NOW - 5000 }), DEFAULT_RECHECK);
    expect(overdue.timer).toEqual({ at: NOW - 5000, recheck: true });
    const far = nextWake(input({ resting: true, recheckAt: NOW + 3_600_000 }), DEFAULT_RECHECK);
    expect(far.recheckAt).toBe(NOW + TWO_MINUTES);
  });

  it('plans no recheck when the round did not end idle (offline, signed out, storage problem)', () => {
    for (const end of ['offline', 'signed-out', 'sign-in-needed', 'storage-problem']) {
      const wake = nextWake(input({ end, resting: true, unreachable: true }), DEFAULT_RECHECK);
      expect(wake).toEqual({ recheckAt: null, timer: null });
    }
  });
});

describe('what an exchange says about the server', () => {
  const response = (status: number) =>
    ({ kind: 'response', status, headers: new Headers(), text: '', json: undefined }) as const;

  it('a response answers, a 2xx succeeds; a gateway’s 502/504, a timeout, a network error do not', () => {
    expect(heardFrom(response(200))).toEqual({ answered: true, succeeded: true });
    expect(heardFrom(response(503))).toEqual({ answered: true, succeeded: false });
    expect(heardFrom(response(401))).toEqual({ answered: true, succeeded: false });
    expect(heardFrom(response(502))).toEqual({ answered: false, succeeded: false });
    expect(heardFrom(response(504))).toEqual({ answered: false, succeeded: false });
    expect(heardFrom({ kind: 'timeout' })).toEqual({ answered: false, succeeded: false });
    expect(heardFrom({ kind: 'network-error', message: 'x' })).toEqual({
      answered: false,
      succeeded: false,
    });
  });

  it('starts a new round on the first answer after a silence, or a success while work rests outside a round', () => {
    const base = {
      answered: true,
      succeeded: true,
      wasUnreachable: false,
      resting: false,
      roundRunning: false,
    };
    expect(afterExchange(base)).toBeNull();
    expect(afterExchange({ ...base, wasUnreachable: true, roundRunning: true })).toBe('new-round');
    expect(afterExchange({ ...base, wasUnreachable: true, succeeded: false })).toBe('new-round');
    expect(afterExchange({ ...base, resting: true })).toBe('new-round');
    // The sender's own requests do not start another round (no loop), nor does a refusal.
    expect(afterExchange({ ...base, resting: true, roundRunning: true })).toBeNull();
    expect(afterExchange({ ...base, resting: true, succeeded: false })).toBeNull();
  });

  it('a silence outside a round plans the next check; within a round, or again, nothing more', () => {
    const silent = {
      answered: false,
      succeeded: false,
      wasUnreachable: false,
      resting: false,
      roundRunning: false,
    };
    expect(afterExchange(silent)).toBe('plan');
    expect(afterExchange({ ...silent, roundRunning: true })).toBeNull();
    expect(afterExchange({ ...silent, wasUnreachable: true })).toBeNull();
  });
});

describe('what an exchange says about the server, at the edges', () => {
  const response = (status: number) =>
    ({ kind: 'response', status, headers: new Headers(), text: '', json: undefined }) as const;
  it('every 2xx succeeds; 3xx and 199 do not', () => {
    expect(heardFrom(response(201)).succeeded).toBe(true);
    expect(heardFrom(response(299)).succeeded).toBe(true);
    expect(heardFrom(response(300)).succeeded).toBe(false);
    expect(heardFrom(response(199)).succeeded).toBe(false);
  });

  it('"Server busy" is a 503 or a 429 answer only', () => {
    expect(refusedForNow(response(503))).toBe(true);
    expect(refusedForNow(response(429))).toBe(true);
    expect(refusedForNow(response(500))).toBe(false);
    expect(refusedForNow(response(200))).toBe(false);
    expect(refusedForNow({ kind: 'timeout' })).toBe(false);
    expect(refusedForNow({ kind: 'network-error', message: 'x' })).toBe(false);
  });
});
