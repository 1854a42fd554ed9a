/**
 * The server's clock for every deadline (a tester clock jump), and the status bar while the server
 * refuses work. Client time is fake (ManualClock); HTTP and the server (SIMULATE=1) are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRetry, opById, signedIn, startHarness, type Harness } from './support/harness';

const DAY = 86_400_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function serverNow(): Promise<number> {
  const res = await fetch(`${h.server.url}/api/sim/clock`, {
    headers: { Authorization: `Bearer ${h.tester.token}` },
  });
  const body = (await res.json()) as { now: string };
  return Date.parse(body.now);
}

describe('the server’s clock and its answers', () => {
  it('says "Server busy · trying again at …" while the server answers 503, then Online', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'unavailable', times: 1 });
    const op = await c.adjust({ itemId: 'bowl-15', delta: -1, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('queued');
    expect(c.getSnapshot().connectivity).toBe('server-busy');
    expect(c.getSnapshot().nextCheckAt).not.toBeNull();
    await nextRetry(h, c);
    expect(opById(c, op.id).state).toBe('confirmed');
    expect(c.getSnapshot().connectivity).toBe('online');
    c.close();
  });

  it('after the tester clock jumps 8 days, the deadline shown is after the server’s new time', async () => {
    const c = await signedIn(h, {}, 'manager');
    const before = c.getSnapshot().lease;
    expect(before).not.toBeNull();
    await h.advanceServerClock(8 * DAY);
    const now = await serverNow();
    expect(Date.parse(before?.deadline ?? '')).toBeLessThan(now); // the old lease is over

    c.tester.noteServerClock(new Date(now).toISOString());
    await c.whenIdle();
    const after = c.getSnapshot();
    expect(after.serverOffsetMs).toBeGreaterThan(8 * DAY - 60_000);
    expect(after.lease?.id).not.toBe(before?.id);
    expect(Date.parse(after.lease?.deadline ?? '')).toBeGreaterThan(now);
    c.close();
  });

  it('reads the server’s clock by itself at start: a new client after a jump gets a live lease', async () => {
    await h.advanceServerClock(8 * DAY);
    const c = await signedIn(h, {}, 'manager');
    const now = await serverNow();
    expect(Date.parse(c.getSnapshot().lease?.deadline ?? '')).toBeGreaterThan(now);
    c.close();
  });
});
