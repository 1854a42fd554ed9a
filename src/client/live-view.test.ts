import { describe, expect, it } from 'vitest';
import type { Runtime } from './core/snapshot';
import { LiveView } from './live-view';
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
});
