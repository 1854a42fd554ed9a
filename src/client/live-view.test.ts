import { describe, expect, it } from 'vitest';
import type { Runtime } from './core/snapshot';
import { BUILD_SHARE, LiveView, MAX_PACE_MS, type Ticker } from './live-view';
import { emptyView, type LocalView } from './core/local-view';
import type { OperationRecord } from './core/records';

const demo = { id: 'u1', name: 'demo', role: 'staff' as const };
const runtime = (): Runtime => ({
  ready: true,
  now: 0,
  connectivity: 'online',
  settledThisRound: null,
  storageProblem: null,
  testerMode: false,
  finishing: new Map(),
  warnWithinMs: 0,
});
const record: OperationRecord = {
  id: 'L1.0',
  userId: 'u1',
  userName: 'demo',
  order: 0,
  leaseId: 'L1',
  op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
  createdAt: 0,
  summary: 'Remove 1 from lamp-14',
  state: { kind: 'queued', retry: { attempts: 0, notBefore: 0 } },
  sendAttempts: 0,
  imported: null,
  resolution: null,
};

describe('the live view', () => {
  it('keeps an own write that committed while a whole read was running', async () => {
    let finishRead: (v: LocalView) => void = () => undefined;
    const live = new LiveView(
      () => new Promise<LocalView>((resolve) => (finishRead = resolve)),
      runtime,
      () => undefined,
    );
    const reading = live.reload();
    live.applied([{ op: 'put', store: 'operations', value: record }]);
    // The read began before that write: what it returns does not hold it.
    finishRead({
      ...emptyView(),
      session: { key: 'session', token: 't', user: demo, expired: false },
    });
    await reading;
    expect(live.getSnapshot().operations.map((o) => o.id)).toEqual(['L1.0']);
  });

  it('tells listeners once per burst of changes, with a new snapshot', async () => {
    const live = new LiveView(
      () => Promise.resolve(emptyView()),
      runtime,
      () => undefined,
    );
    let heard = 0;
    live.subscribe(() => heard++);
    const before = live.getSnapshot();
    live.changed();
    live.changed();
    await Promise.resolve();
    expect(heard).toBe(1);
    expect(live.getSnapshot()).not.toBe(before);
    expect(live.getSnapshot()).toBe(live.getSnapshot());
  });

  /**
   * A ticker whose time moves only when told, and whose one timer runs when its time comes; each
   * snapshot build takes `buildMs` of it.
   */
  function manualTicker(buildMs: number) {
    let now = 1_000;
    let timer: { at: number; fn: () => void } | null = null;
    const ticker: Ticker = {
      now: () => now,
      setTimeout: (fn, ms) => (timer = { at: now + ms, fn }),
      clearTimeout: (handle) => {
        if (timer === handle) timer = null;
      },
    };
    const advance = async (ms: number) => {
      now += ms;
      if (timer && timer.at <= now) {
        const { fn } = timer;
        timer = null;
        fn();
      }
      await Promise.resolve();
    };
    const building = (): Runtime => {
      now += buildMs;
      return runtime();
    };
    return { ticker, advance, building, pending: () => timer !== null };
  }

  /** A live view whose listener reads the snapshot, as React does; `heard()` counts the tellings. */
  function watchedView(buildMs: number) {
    const t = manualTicker(buildMs);
    const live = new LiveView(
      () => Promise.resolve(emptyView()),
      t.building,
      () => undefined,
      t.ticker,
    );
    let heard = 0;
    live.subscribe(() => {
      heard++;
      live.getSnapshot();
    });
    return { ...t, live, heard: () => heard };
  }

  const put = (i: number) =>
    [{ op: 'put', store: 'operations', value: { ...record, id: `L1.${i}` } }] as const;

  it('tells background changes at once while a build is cheap (every state of a few changes shows)', async () => {
    const { live, advance, heard } = watchedView(0);
    for (let i = 0; i < 3; i++) {
      live.applied(put(i));
      await advance(1);
    }
    expect(heard()).toBe(3);
  });

  it('paces background changes so that builds take at most BUILD_SHARE of the time, the last one always told', async () => {
    const buildMs = 8;
    const pace = buildMs / BUILD_SHARE;
    const { live, advance, heard, pending } = watchedView(buildMs);
    live.progressed();
    await Promise.resolve();
    expect(heard()).toBe(1);
    // A drain's writes and progress, many within the pace: told once, when it is up.
    for (let i = 0; i < 5; i++) {
      await advance(10);
      live.applied(put(i));
    }
    expect(heard()).toBe(1);
    await advance(pace - 50 - buildMs - 1);
    expect(heard()).toBe(1);
    await advance(1);
    expect(heard()).toBe(2);
    expect(pending()).toBe(false);
  });

  it('tells a change the person waits for at once, even while background changes wait their turn', async () => {
    const { live, advance, heard, pending } = watchedView(8);
    live.progressed();
    await Promise.resolve();
    await advance(10);
    live.progressed();
    expect(pending()).toBe(true);
    live.changed();
    await Promise.resolve();
    expect(heard()).toBe(2);
    // The waiting telling is the one just made: nothing more comes when its time would have been up.
    expect(pending()).toBe(false);
    await advance(MAX_PACE_MS);
    expect(heard()).toBe(2);
  });
});
