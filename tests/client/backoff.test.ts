/**
 * Retry timing on fake time against the real server: full jitter within its bounds, Retry-After
 * honoured, the bound of automatic attempts reached into "waiting", and a new round on `online`
 * and on visibility.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { opById, nextRetry, signedIn, startHarness, type Harness } from './support/harness';
import { effectsOf } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  h.network.set(true);
  await h.clearFaults();
});

const BASE = 1000;
const CAP = 5 * 60_000;

describe('backoff on fake time', () => {
  it('waits a full-jitter delay below min(cap, base·2^(n-1)) before retry n, then recovers', async () => {
    const c = await signedIn(h, { policy: { baseMs: BASE, capMs: CAP, maxAttempts: 8 } });
    await h.fault({ fault: 'drop-request', times: 6 });
    const op = await c.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    await c.whenIdle();
    const delays: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const view = opById(c, op.id);
      expect(view.state).toBe('unknown');
      const ended = Date.parse(view.attempts[n - 1]?.endedAt ?? '');
      const delay = Date.parse(view.nextRetryAt ?? new Date(ended).toISOString()) - ended;
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(CAP, BASE * 2 ** (n - 1)));
      delays.push(delay);
      // Nothing is sent before the drawn time.
      h.clock.advance(Math.max(0, delay - 1));
      await c.whenIdle();
      expect(opById(c, op.id).attempts).toHaveLength(n);
      await nextRetry(h, c);
    }
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(opById(c, op.id).attempts).toHaveLength(7);
    // Jittered, not the deterministic exponential ladder.
    expect(delays.some((d, i) => d < (BASE * 2 ** i) / 2)).toBe(true);
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(1);
  });

  it('honours Retry-After from a 503 over a shorter jitter draw', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'unavailable', times: 2 });
    const op = await c.adjust({ itemId: 'lamp-15', delta: -1, reason: 'sold' });
    await c.whenIdle();
    for (let n = 1; n <= 2; n++) {
      const view = opById(c, op.id);
      const ended = Date.parse(view.attempts[n - 1]?.endedAt ?? '');
      expect(Date.parse(view.nextRetryAt ?? '') - ended).toBeGreaterThanOrEqual(1000);
      h.clock.advance(999);
      await c.whenIdle();
      expect(opById(c, op.id).attempts).toHaveLength(n);
      await nextRetry(h, c);
    }
    expect(opById(c, op.id).state).toBe('confirmed');
  });

  it('stops after the bound into "Stored · waiting to retry"; coming online starts a new round', async () => {
    const c = await signedIn(h, { policy: { maxAttempts: 3 } });
    await h.fault({ fault: 'drop-request', times: 3 });
    const op = await c.adjust({ itemId: 'bulb-gu10', delta: -1, reason: 'sold' });
    await c.whenIdle();
    await nextRetry(h, c);
    await nextRetry(h, c);
    const resting = opById(c, op.id);
    expect(resting.state).toBe('waiting');
    expect(resting.state).toBe('waiting');
    expect(resting.attempts).toHaveLength(3);
    // Resting is not parked: it is checked again by itself within 2 minutes (recheck.test.ts).
    expect(Date.parse(resting.nextRetryAt ?? '') - h.clock.now()).toBeLessThanOrEqual(120_000);
    // An online event comes first here, and starts a new round at once.
    h.network.set(false);
    h.network.set(true);
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(opById(c, op.id).attempts).toHaveLength(4);
  });

  it('the tab becoming visible also starts a new round', async () => {
    const c = await signedIn(h, { policy: { maxAttempts: 1 } });
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'bulb-gu10', delta: -1, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('waiting');
    h.network.visible();
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('confirmed');
  });
});
