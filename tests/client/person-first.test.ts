/**
 * A person's change goes first (src/client/person-first.ts): from a finger on the screen until
 * their write, the sender starts no local transaction; a touch without a change holds it for
 * HOLD_MS at most. The real client and server (in-process), fake client time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MS, PersonFirst } from '../../src/client/person-first';
import { ManualClock } from './support/manual-clock';
import { IDBFactory } from 'fake-indexeddb';
import { localLock } from '../../src/client/tabs';
import { drainFromWorker, type WorkerDrainOptions } from '../../src/client/worker-drain';
import { ManualNetwork, operationIdsIn, routedFetch } from './support/network';
import { sharedWatch } from './support/watch-signals';
import {
  effectsOf,
  opById,
  savedOffline,
  signedIn,
  startHarness,
  until,
  type Harness,
} from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  h.network.set(true);
});

/** A signed-in client whose requests for operations are written in `sent` (their ids) as they leave. */
async function watched(sent: string[][]) {
  const routed = routedFetch(() => h.server.url, h.network);
  const fetch: typeof globalThis.fetch = (input, init) => {
    const ids = operationIdsIn(init);
    if (ids.length > 0) sent.push(ids);
    return routed(input, init);
  };
  return signedIn(h, { fetch });
}

/**
 * One Background Sync round of the service worker on the tab's database and sender lock, with
 * `looking` as the lookers' lock; it believes it is online (the tab's network may be off).
 */
function workerRound(
  o: Pick<WorkerDrainOptions, 'indexedDB' | 'lock' | 'looking' | 'policy' | 'fetch'>,
) {
  return drainFromWorker({
    baseUrl: 'http://stockroom.test',
    fetch: routedFetch(() => h.server.url, new ManualNetwork()),
    clock: h.clock,
    broadcast: null,
    watch: sharedWatch()(),
    ...o,
  });
}

describe('a person goes first', () => {
  /**
   * `n` changes saved offline, a finger on the screen, the network back: the sender waits on the
   * hold's timer (client time does not move here) and has sent nothing.
   */
  async function touchedWithBacklog(n: number) {
    const sent: string[][] = [];
    const c = await watched(sent);
    const backlog = await savedOffline(h, c, n, 'lamp-14');
    c.personActing();
    const holdEnds = h.clock.now() + HOLD_MS;
    h.network.set(true);
    await until(() => h.clock.hasTimerAt(holdEnds), 'the sender to wait for the person', 10_000);
    expect(sent).toEqual([]);
    return { c, sent, backlog };
  }

  it('holds the sender from a touch until the person’s change is written: its first batch carries that change', async () => {
    const { c, sent, backlog } = await touchedWithBacklog(3);
    const tap = await c.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    await c.whenIdle();
    // Its first transaction came after the person's write: the tap went in the same batch.
    expect(sent[0]).toEqual([...backlog, tap.id]);
    for (const id of [...backlog, tap.id]) expect(opById(c, id).state).toBe('confirmed');
  });

  it('lets the sender go on once the hold is over when no change follows the touch (a scroll)', async () => {
    const { c, sent, backlog } = await touchedWithBacklog(2);
    h.clock.advance(HOLD_MS);
    await c.whenIdle();
    expect(sent[0]).toEqual(backlog);
    for (const id of backlog) expect(opById(c, id).state).toBe('confirmed');
  });
});

describe('the service worker and a tab in front of a person', () => {
  it('leaves the sending to the visible tab, whose sender hears the finger, and drains once it is hidden', async () => {
    // What the browser gives every agent of the origin: one sender lock, and the lookers' lock.
    const indexedDB = new IDBFactory();
    const lock = localLock();
    const looking = sharedWatch();
    const c = await signedIn(h, { indexedDB, lock, looking: looking() });
    const backlog = await savedOffline(h, c, 2, 'lamp-14');
    // Background Sync (the tab's network stays off).
    const worker = () => workerRound({ indexedDB, lock, looking: looking() });
    expect(await worker()).toMatchObject({ end: 'left-to-a-tab', attempts: 0, workLeft: true });
    h.network.hidden();
    try {
      expect(await worker()).toMatchObject({ end: 'idle', receipts: 2, workLeft: false });
    } finally {
      h.network.visible();
    }
    for (const id of backlog) expect(await effectsOf(h, 'lamp-14', id)).toBe(1);
    c.close();
  });

  it('hands over at its next step when the tab comes in front of a person mid-round', async () => {
    const indexedDB = new IDBFactory();
    const lock = localLock();
    const looking = sharedWatch();
    const c = await signedIn(h, { indexedDB, lock, looking: looking() });
    h.network.hidden();
    try {
      const backlog = await savedOffline(h, c, 5, 'lamp-14');
      const routed = routedFetch(() => h.server.url, new ManualNetwork());
      // The person opens the app as the worker's second batch leaves (the third is claimed
      // behind it while it is away: answers come back whole).
      let batches = 0;
      const fetch: typeof globalThis.fetch = (input, init) => {
        if (init?.method === 'POST' && ++batches === 2) h.network.visible();
        return routed(input, init);
      };
      const report = await workerRound({
        indexedDB,
        lock,
        looking: looking(),
        fetch,
        policy: { batchSize: 2 },
      });
      // The batch in flight is stored; the one claimed behind it went back unsent.
      expect(report).toMatchObject({ end: 'left-to-a-tab', receipts: 4, workLeft: true });
      expect(batches).toBe(2);
      h.network.set(true);
      await c.whenIdle();
      // Read afresh: the worker's writes reach a tab through BroadcastChannel, absent here.
      const reopened = h.client({ indexedDB, lock, looking: looking() });
      await reopened.whenIdle();
      for (const id of backlog) {
        expect(opById(reopened, id).state).toBe('confirmed');
        expect(await effectsOf(h, 'lamp-14', id)).toBe(1);
      }
      reopened.close();
    } finally {
      h.network.visible();
      c.close();
    }
  });
});

describe('PersonFirst', () => {
  const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** Whether `clear()` has resolved once pending work has had its turn. */
  async function cleared(first: PersonFirst): Promise<() => boolean> {
    let done = false;
    void first.clear().then(() => (done = true));
    await turn();
    return () => done;
  }

  it('holds nothing until a person acts', async () => {
    expect((await cleared(new PersonFirst(new ManualClock())))()).toBe(true);
  });

  it('holds from each touch for the hold at most, and a later touch extends it', async () => {
    const clock = new ManualClock();
    const first = new PersonFirst(clock);
    first.acting();
    const done = await cleared(first);
    clock.advance(100);
    first.acting();
    // The first touch's hold is over; the second's is not.
    clock.advance(HOLD_MS - 99);
    await turn();
    expect(done()).toBe(false);
    clock.advance(99);
    await turn();
    expect(done()).toBe(true);
  });

  it('lets every waiter go when the person’s write is done, and leaves no timer behind', async () => {
    const clock = new ManualClock();
    const first = new PersonFirst(clock);
    first.acting();
    const waiters = [await cleared(first), await cleared(first)];
    expect(waiters.map((done) => done())).toEqual([false, false]);
    first.wrote();
    await turn();
    expect(waiters.map((done) => done())).toEqual([true, true]);
    expect(clock.nextTimerAt()).toBeNull();
  });
});
