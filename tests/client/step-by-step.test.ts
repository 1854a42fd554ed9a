/**
 * Step by step (Tester panel): the same sender, the same ids and attempts, only slower. Client time
 * is fake (ManualClock), so "held for 3 s" is exact; HTTP and the server (SIMULATE=1) are real.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { StockroomClientCore } from '../../src/client/client';
import { STEP_BY_STEP } from '../../src/client/core/pacing';
import { localLock } from '../../src/client/tabs';
import { drainFromWorker } from '../../src/client/worker-drain';
import { effectsOf, opById, signedIn, startHarness, until, type Harness } from './support/harness';
import { routedFetch } from './support/network';
import { sharedWatch } from './support/watch-signals';

const HOLD = STEP_BY_STEP.holdMs;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  await h.clearFaults();
});

/** Wait for the state, then for its hold to start (the timer is set just after the state shows). */
async function held(c: StockroomClientCore, id: string, state: string): Promise<void> {
  const at = h.clock.now() + HOLD;
  await until(() => opById(c, id).state === state, state);
  await until(() => h.clock.hasTimerAt(at), `the hold of ${state}`);
}

describe('tester mode', () => {
  it('stays on when its clock read gets no answer (back online a moment before the network is)', async () => {
    let clockFails = false;
    const routed = routedFetch(() => h.server.url, h.network);
    const fetch: typeof globalThis.fetch = (input, init) =>
      clockFails && String(input).endsWith('/api/sim/clock')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : routed(input, init);
    const c = await signedIn(h, { preferences: null, fetch }, 'manager');
    expect(c.getSnapshot().testerMode).toBe(true);
    clockFails = true;
    h.network.visible();
    await c.whenIdle();
    expect(c.getSnapshot().testerMode).toBe(true);
    c.close();
  });
});

describe('step by step', () => {
  it('holds Sending…, then Outcome unknown until the person checks; then Checking outcome…, Confirmed', async () => {
    const c = await signedIn(h, { preferences: null }, 'manager');
    expect(c.getSnapshot().testerMode).toBe(true);
    c.tester.setStepByStep(true);
    expect(c.getSnapshot().stepByStep).toBe(true);
    await h.fault({ fault: 'drop-response', times: 1 });
    const op = await c.adjust({ itemId: 'mug-blue', delta: -1, reason: 'sold' });

    await held(c, op.id, 'sending');
    h.clock.advance(HOLD - 1);
    expect(opById(c, op.id).state).toBe('sending');
    expect(await effectsOf(h, 'mug-blue', op.id)).toBe(0); // held before the request left
    h.clock.advance(1);
    await held(c, op.id, 'unknown');
    await c.whenIdle();

    // It does not look again by itself while held (the normal pace resends within a second).
    h.clock.advance(HOLD - 1);
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('unknown');
    expect(opById(c, op.id).attempts).toHaveLength(1);

    // The person presses "Check and resend safely": at once, and the check itself is held too.
    void c.checkAndResend(op.id);
    await held(c, op.id, 'checking');
    expect(opById(c, op.id).state).toBe('checking');
    h.clock.advance(HOLD);
    await until(() => opById(c, op.id).state === 'confirmed', 'Confirmed');
    await c.whenIdle();

    const done = opById(c, op.id);
    expect(done.attempts.map((a) => a.result)).toEqual(['network-error', 'response']);
    expect(await effectsOf(h, 'mug-blue', op.id)).toBe(1);
    c.close();
  });

  it('without a person, a held unknown outcome is checked by itself once the hold ends', async () => {
    const c = await signedIn(h, { preferences: null }, 'manager');
    c.tester.setStepByStep(true);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'plate-26', delta: 1, reason: 'received' });
    await held(c, op.id, 'sending');
    h.clock.advance(HOLD);
    await held(c, op.id, 'unknown');
    await c.whenIdle();
    h.clock.advance(HOLD);
    await held(c, op.id, 'checking');
    h.clock.advance(HOLD);
    await until(() => opById(c, op.id).state === 'confirmed', 'Confirmed');
    expect(await effectsOf(h, 'plate-26', op.id)).toBe(1);
    c.close();
  });

  it('the service worker stands aside while a tab watches step by step, and drains once it closes', async () => {
    // What the browser gives every agent of the origin: one sender lock, and the watchers' lock
    // (here a plain set: Node has no Web Locks).
    const indexedDB = new IDBFactory();
    const lock = localLock();
    const signal = sharedWatch();
    const c = await signedIn(h, { preferences: null, indexedDB, lock, watch: signal() }, 'manager');
    c.tester.setStepByStep(true);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'towel-tea', delta: 1, reason: 'received' });
    await held(c, op.id, 'sending');
    h.clock.advance(HOLD);
    await held(c, op.id, 'unknown');
    await c.whenIdle();

    // Background Sync fires while the person watches "Outcome unknown": the worker, which runs no
    // pace of its own, must not check it (it did, at once: "Checking outcome…" for a blink).
    const worker = () =>
      drainFromWorker({
        indexedDB,
        baseUrl: 'http://stockroom.test',
        fetch: routedFetch(() => h.server.url, h.network),
        clock: h.clock,
        broadcast: null,
        lock,
        watch: signal(),
        // No tab in front of a person: the step by step alone makes the worker stand aside.
        looking: sharedWatch()(),
      });
    const aside = await worker();
    expect(aside).toMatchObject({ end: 'left-to-a-tab', attempts: 0 });
    await c.whenIdle();
    expect(opById(c, op.id).attempts).toHaveLength(1);

    // The tab closes while the change is still unknown: the worker (synced again) finishes it once.
    c.close();
    expect(await worker()).toMatchObject({ end: 'idle', receipts: 1, wakeAt: null });
    expect(await effectsOf(h, 'towel-tea', op.id)).toBe(1);
  });

  it('Old backup restored: another phone’s change, committed and shortened to a tombstone, is confirmed once by asking', async () => {
    const c = await signedIn(h, { preferences: null }, 'manager');
    c.tester.setStepByStep(true);
    const DAY = 86_400_000;
    let armedFor = '';
    const old = await c.tester.backupFromOtherDevice({
      op: { type: 'adjust', itemId: 'lamp-14', delta: 1, reason: 'received' },
      ageMs: 3 * DAY,
      deviceName: 'Old phone',
      beforeSend: async (id) => {
        armedFor = id;
        await h.fault({ fault: 'drop-response', times: 3, match: { operationId: id } });
      },
    });
    expect(old.operationId).toBe(armedFor);
    // The old phone's one attempt committed on the server; nothing of it is on this device yet.
    expect(await effectsOf(h, 'lamp-14', old.operationId)).toBe(1);
    expect(c.getSnapshot().operations.some((o) => o.id === old.operationId)).toBe(false);
    await h.advanceServerClock(3 * DAY);
    await h.cleanup();

    expect(await c.importBackup(old.backup)).toEqual({ ok: true });
    await held(c, old.operationId, 'review');
    expect(opById(c, old.operationId)).toMatchObject({
      state: 'review',
      reason: { kind: 'imported' },
    });
    await c.whenIdle();
    h.clock.advance(HOLD - 1);
    await c.whenIdle();
    expect(opById(c, old.operationId).state).toBe('review'); // held: not asked yet
    h.clock.advance(1);
    await held(c, old.operationId, 'checking');
    h.clock.advance(HOLD);
    await until(() => opById(c, old.operationId).state === 'confirmed', 'Confirmed');
    const done = opById(c, old.operationId);
    // Asked, never resent: the tombstone answered (compacted), and the change stands once.
    expect(done.attempts.map((a) => a.kind)).toEqual(['send', 'status']);
    expect(done.receipt?.compacted).toBe(true);
    expect(await effectsOf(h, 'lamp-14', old.operationId)).toBe(1);
    c.close();
  });

  it('is remembered on this device, and only for tester mode', async () => {
    const saved = new Map<string, string>();
    const preferences = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    };
    const first = await signedIn(h, { preferences }, 'manager');
    first.tester.setStepByStep(true);
    first.close();
    const again = await signedIn(h, { preferences }, 'manager');
    expect(again.getSnapshot().stepByStep).toBe(true);
    again.close();
  });
});
