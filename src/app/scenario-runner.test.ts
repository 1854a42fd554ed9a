import { describe, expect, it } from 'vitest';
import type { OperationState, TesterClient } from '../client/facade';
import type { ArmedFault, FaultRule } from '../protocol/schemas';
import { ClientError } from '../client';
import { ScenarioRunner, type RunnerClient } from './scenario-runner';
import { SCENARIOS, SCRATCH_ITEM } from './scenario-stories';
import type { SimApi, SimResult } from './sim-api';

const NOW = '2026-12-10T12:00:00.000Z';

/** A client whose followed change moves through the states a test sets, notifying as it goes. */
function fakeClient(items: string[]) {
  const listeners = new Set<() => void>();
  let state: OperationState = 'queued';
  const notes: string[] = [];
  const client: RunnerClient = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => ({
      items: items.map((id) => ({ id })),
      operations: [{ handle: 'h1', state }],
      stepByStep: true,
    }),
    adjust: (input) => {
      notes.push(input.note ?? '');
      return Promise.resolve({ handle: 'h1', state });
    },
    createItem: () => Promise.reject(new Error('not in these tests')),
    importBackup: () => Promise.resolve({ ok: true }),
  };
  const moveTo = (next: OperationState): void => {
    state = next;
    for (const listener of listeners) listener();
  };
  return { client, moveTo, notes };
}

function fakeSim() {
  const calls: string[] = [];
  let armed: ArmedFault[] = [];
  const ok = <T>(value: T): Promise<SimResult<T>> => Promise.resolve({ ok: true, value });
  const sim: SimApi = {
    addFault: (rule: FaultRule) => {
      calls.push(`add ${rule.fault}`);
      const fault = { ...rule, id: 'rule-1' } as ArmedFault;
      armed = [fault];
      return ok(fault);
    },
    clearFaults: () => ok(null),
    faults: () => {
      calls.push('faults');
      return ok(armed);
    },
    removeFault: (id) => {
      calls.push(`remove ${id}`);
      armed = [];
      return ok(null);
    },
    clock: () => ok({ now: NOW, frozen: false }),
    advanceClock: (ms) => {
      calls.push(`advance ${ms}`);
      return ok({ now: NOW, frozen: false });
    },
    cleanup: () => Promise.reject(new Error('not in these tests')),
    timeline: () => ok([]),
  };
  return { sim, calls };
}

function fakeTester() {
  const clocks: string[] = [];
  const tester: TesterClient = {
    authorizedFetch: () => Promise.reject(new Error('not in these tests')),
    setStepByStep: () => undefined,
    noteServerClock: (now) => clocks.push(now),
    backupFromOtherDevice: () => Promise.reject(new Error('not in these tests')),
  };
  return { tester, clocks };
}

const words = () => ({ note: (s: { id: string }) => `story ${s.id}`, restoredDevice: 'old' });

async function settled(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('the scenario runner', () => {
  it('records each state the change passes through, moves the clock once at unknown, removes what is left of the fault at the end', async () => {
    const { client, moveTo, notes } = fakeClient([SCRATCH_ITEM.itemId]);
    const { sim, calls } = fakeSim();
    const { tester, clocks } = fakeTester();
    const runner = new ScenarioRunner({ client, tester, sim, words });
    const stop = runner.subscribe(() => undefined);
    const tooOld = SCENARIOS.find((s) => s.id === 'tooOld');
    if (!tooOld) throw new Error('no tooOld story');

    await runner.start(tooOld);
    expect(notes).toEqual(['story tooOld']);
    expect(runner.getSnapshot().run?.seen).toEqual(['queued']);
    for (const state of ['sending', 'unknown', 'unknown', 'checking'] as const) moveTo(state);
    await settled();
    expect(calls).toEqual(['add drop-request', `advance ${tooOld.advanceClockMs}`]);
    expect(clocks).toEqual([NOW]);
    expect(runner.getSnapshot().run?.clockMoved).toBe(true);

    moveTo('not-applied');
    await settled();
    expect(runner.getSnapshot().run?.seen).toEqual([
      'queued',
      'sending',
      'unknown',
      'checking',
      'not-applied',
    ]);
    expect(calls.slice(2)).toEqual(['faults', 'remove rule-1']);
    // Told once: a later state asks nothing more of the server.
    moveTo('expired');
    await settled();
    expect(calls).toHaveLength(4);
    stop();
  });

  it('says so when the device has no item yet, and arms nothing', async () => {
    const { client } = fakeClient([]);
    const { sim, calls } = fakeSim();
    const runner = new ScenarioRunner({ client, tester: fakeTester().tester, sim, words });
    const first = SCENARIOS[0];
    if (!first) throw new Error('no story');
    await runner.start(first);
    expect(runner.getSnapshot()).toEqual({ run: null, notice: { kind: 'no-items' } });
    expect(calls).toEqual([]);
  });

  it('a refused change is told as its refusal, for the screen to word (not a kind as a sentence)', async () => {
    const { client } = fakeClient([SCRATCH_ITEM.itemId]);
    client.adjust = () => Promise.reject(new ClientError({ kind: 'no-lease' }));
    const runner = new ScenarioRunner({
      client,
      tester: fakeTester().tester,
      sim: fakeSim().sim,
      words,
    });
    const first = SCENARIOS[0];
    if (!first) throw new Error('no story');
    await runner.start(first);
    expect(runner.getSnapshot().notice).toEqual({ kind: 'refused', refusal: { kind: 'no-lease' } });
  });
});
