/**
 * The sender never parks for good while the app is open (docs/client.md#when-the-sender-looks-again),
 * on fake time against the real server: with the browser online throughout (no online/offline
 * event), resting work is checked again by itself at least every 2 minutes, an answer after a
 * silence (or any success while work rests) starts a new round, and the status bar says what the
 * last real answer said and when it checks again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StockroomClientCore } from '../../src/client/client';
import { routedFetch } from './support/network';
import {
  effectsOf,
  nextRetry,
  opById,
  signedIn,
  startHarness,
  type Harness,
} from './support/harness';

const TWO_MINUTES = 120_000;

let h: Harness;
/** The server is silent (every request fails as a refused connection) while the network is up. */
let down = false;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
/** Closed after each test, so a failed one leaves no timers on the shared fake clock. */
let open: StockroomClientCore[] = [];
afterEach(async () => {
  for (const c of open) c.close();
  open = [];
  down = false;
  await h.clearFaults();
});

const routed = (): typeof fetch => {
  const real = routedFetch(() => h.server.url, h.network);
  return (input, init) =>
    down
      ? Promise.reject(new TypeError('Failed to fetch (connection refused)'))
      : real(input, init);
};

/** A client with a short bound of automatic attempts, behind the switch. */
async function client(): Promise<StockroomClientCore> {
  const c = await signedIn(h, { fetch: routed(), policy: { maxAttempts: 3 } });
  open.push(c);
  return c;
}

/** Runs the automatic attempts out: the head rests as "Stored · waiting to retry". */
async function exhaust(c: StockroomClientCore, id: string): Promise<void> {
  while (opById(c, id).state !== 'waiting') await nextRetry(h, c);
}

const lastEnd = (c: StockroomClientCore, id: string): number =>
  Date.parse(opById(c, id).attempts.at(-1)?.endedAt ?? '');

describe('the sender never parks for good while the app is open', () => {
  it('checks resting work again within 2 minutes, one attempt each time, and drains when the server returns', async () => {
    const c = await client();
    down = true;
    const first = await c.adjust({ itemId: 'mug-blue', delta: -1, reason: 'sold' });
    await c.whenIdle();
    // Saved while the first one's outcome is unknown: they wait behind it, never sent.
    const second = await c.adjust({ itemId: 'mug-blue', delta: -2, reason: 'sold' });
    const third = await c.adjust({ itemId: 'mug-blue', delta: -3, reason: 'sold' });
    await c.whenIdle();
    await exhaust(c, first.id);
    expect(opById(c, first.id).attempts).toHaveLength(3);

    // Resting, yet checked again by itself, and it says when.
    const resting = opById(c, first.id);
    const due = Date.parse(resting.nextRetryAt ?? '');
    expect(due).toBeGreaterThan(lastEnd(c, first.id));
    expect(due - lastEnd(c, first.id)).toBeLessThanOrEqual(TWO_MINUTES);
    expect(resting.explanation).toEqual({ kind: 'retries-paused' });
    const snap = c.getSnapshot();
    expect(snap.connectivity).toBe('server-unreachable');
    expect(Date.parse(snap.nextCheckAt ?? '')).toBe(due);

    // Nothing before that time; one attempt at it, and it rests again (the server is still silent).
    h.clock.advance(due - h.clock.now() - 1);
    await c.whenIdle();
    expect(opById(c, first.id).attempts).toHaveLength(3);
    await nextRetry(h, c);
    expect(opById(c, first.id).attempts).toHaveLength(4);
    expect(opById(c, first.id).state).toBe('waiting');
    expect(opById(c, second.id).attempts).toHaveLength(0);

    // The server comes back: the next check finds it, and everything drains with no tap.
    down = false;
    const again = Date.parse(opById(c, first.id).nextRetryAt ?? '');
    expect(again - lastEnd(c, first.id)).toBeLessThanOrEqual(TWO_MINUTES);
    await nextRetry(h, c);
    for (const op of [first, second, third]) {
      expect(opById(c, op.id).state).toBe('confirmed');
      expect(await effectsOf(h, 'mug-blue', op.id)).toBe(1);
    }
    expect(c.getSnapshot().connectivity).toBe('online');
    expect(c.getSnapshot().nextCheckAt).not.toBeNull(); // only the hourly lease refresh is left
  });

  it('saving changes meanwhile does not push the check back', async () => {
    const c = await client();
    down = true;
    const first = await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold' });
    await c.whenIdle();
    await exhaust(c, first.id);
    const restedAt = lastEnd(c, first.id);
    // A change every 50 s: each one runs a round, none of them may delay the check.
    for (let i = 0; i < 3; i++) {
      h.clock.advance(50_000);
      await c.adjust({ itemId: 'mug-sand', delta: -1, reason: 'sold' });
      await c.whenIdle();
    }
    expect(h.clock.now() - restedAt).toBeGreaterThan(TWO_MINUTES);
    expect(opById(c, first.id).attempts).toHaveLength(4);
  });

  it('any successful request while work rests starts a new round at once', async () => {
    const c = await client();
    // The server answers, but refuses the operation (503) until the automatic attempts run out.
    await h.fault({ fault: 'unavailable', times: 3 });
    const op = await c.adjust({ itemId: 'plate-26', delta: -1, reason: 'sold' });
    await c.whenIdle();
    await exhaust(c, op.id);
    // It answered, refusing work: the bar says so, not "Online".
    expect(c.getSnapshot().connectivity).toBe('server-busy');
    // Looking at the item's history succeeds: the resting change goes at once, no time passes.
    await c.history('plate-26');
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(c.getSnapshot().connectivity).toBe('online');
    expect(await effectsOf(h, 'plate-26', op.id)).toBe(1);
  });

  it('with nothing to send, a silent server is asked again, and the status bar returns to Online with the first answer', async () => {
    const c = await client();
    down = true;
    await expect(c.history('bowl-15')).rejects.toThrow();
    await c.whenIdle();
    const next = Date.parse(c.getSnapshot().nextCheckAt ?? '');
    expect(c.getSnapshot().connectivity).toBe('server-unreachable');
    expect(next - h.clock.now()).toBeLessThanOrEqual(TWO_MINUTES);
    down = false;
    await nextRetry(h, c);
    expect(c.getSnapshot().connectivity).toBe('online');
  });
});
