import { describe, expect, it } from 'vitest';
import type { Work } from '../core/admission-rule';
import { createAdmission, type Timers } from './admission-gate';

const single: Work = { operations: 1, lane: 'interactive', waitedMs: 0 };

/** Fake timers on a fake clock: time moves only when the test says so. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const api: Timers = {
    setTimeout(fn, ms) {
      const id = ids++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
  };
  return {
    clock: { now: () => now },
    timers: api,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      due.forEach((t) => t.fn());
    },
    pending: () => timers.length,
  };
}

describe('createAdmission', () => {
  it('admits at once while there is room, queues, and starts the waiter on release', async () => {
    const time = fakeTime();
    const admission = createAdmission(
      { maxInFlight: 1, maxQueueWaitMs: 1000 },
      time.clock,
      time.timers,
    );
    const first = await admission.enter(single);
    expect(first.admitted).toBe(true);
    let second: Awaited<ReturnType<typeof admission.enter>> | null = null;
    const waiting = admission.enter(single).then((s) => (second = s));
    await Promise.resolve();
    expect(second).toBeNull();
    expect(admission.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    if (first.admitted) {
      first.release();
      first.release(); // harmless twice
    }
    await waiting;
    expect(second).toMatchObject({ admitted: true });
    expect(admission.stats()).toMatchObject({ inFlight: 1, queued: 0 });
    expect(time.pending()).toBe(0);
  });

  it('answers a waiter that cannot start within the bound with Retry-After, and counts it', async () => {
    const time = fakeTime();
    const admission = createAdmission(
      { maxInFlight: 1, maxQueueWaitMs: 1000 },
      time.clock,
      time.timers,
    );
    await admission.enter(single);
    const late = admission.enter(single);
    time.advance(1000);
    time.advance(1);
    expect(await late).toEqual({ admitted: false, retryAfterSeconds: 1 });
    expect(admission.stats()).toMatchObject({ inFlight: 1, queued: 0, shed: 1 });
  });

  it('sheds at once when the predicted wait is beyond the bound', async () => {
    const time = fakeTime();
    const admission = createAdmission(
      { maxInFlight: 1, maxQueueWaitMs: 0 },
      time.clock,
      time.timers,
    );
    await admission.enter(single);
    expect(await admission.enter(single)).toMatchObject({ admitted: false });
  });
});
