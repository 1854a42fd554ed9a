/**
 * Plays a Tester scenario (scenario-stories.ts) and reports its steps: a plain module with no
 * React in it, so the screen (screens/scenarios.tsx) only shows the report and a test can play a
 * story against any client.
 *
 * One story: Step by step on; the scratch item created once (and confirmed); the story's fault
 * armed; a change of +1 through the outbox like any other (or, for a restore story, another
 * phone's change aged on both clocks and its backup imported); then every state the change passes
 * through is recorded, in order, from the client's own notifications. "Too old to apply" moves the
 * server's clock once the outcome is unknown; when every step is seen, what is left of the story's
 * fault is removed so it cannot act on the tester's next change.
 */
import type { CommandResult, OperationState, Refusal, TesterClient } from '../client/facade';
import type { AdjustOp, CleanupResult, CreateItemOp } from '../protocol/schemas';
import { SCRATCH_ITEM, stepsSeen, type Scenario } from './scenario-stories';
import type { SimApi } from './sim-api';
import { refusalOf } from '../client';

export interface ScenarioRun {
  scenario: Scenario;
  /**
   * The change's stable handle (its id may move to a fresh lease before the first attempt); empty
   * until the change is on this device (a restored one arrives after the prelude).
   */
  handle: string;
  /** The states the change passed through, in order (a repeat of the last one is not recorded). */
  seen: readonly OperationState[];
  clockMoved: boolean;
  /** Prelude lines done (restore stories). */
  preludeDone: number;
  /** What the server's cleanup did during the prelude (restore stories). */
  cleanup: CleanupResult | null;
  /** The story's own fault rule: what is left of it goes when the story ends. */
  ruleId: string;
}

/** What the runner has to say besides the steps; the screen words it. */
export type RunnerNotice =
  | { kind: 'no-items' }
  | { kind: 'creating-scratch' }
  | { kind: 'scratch-not-confirmed' }
  /** The server refused the story's fault (its problem's detail). */
  | { kind: 'fault-refused'; detail: string }
  /** The backup or a command was refused (the screen words the refusal). */
  | { kind: 'refused'; refusal: Refusal };

export interface RunnerReport {
  run: ScenarioRun | null;
  notice: RunnerNotice | null;
}

/** What the runner uses of the client (the app's StockroomClient is one). */
export interface RunnerClient {
  subscribe(listener: () => void): () => void;
  getSnapshot(): {
    items: readonly { id: string }[];
    operations: readonly { handle: string; state: OperationState }[];
    stepByStep?: boolean;
  };
  adjust(input: Omit<AdjustOp, 'type'>): Promise<{ handle: string; state: OperationState }>;
  createItem(input: Omit<CreateItemOp, 'type'>): Promise<{ handle: string }>;
  importBackup(text: string): Promise<CommandResult>;
}

export interface RunnerDeps {
  client: RunnerClient;
  tester: TesterClient;
  sim: SimApi;
  /**
   * What the runner writes into the change, in the person's language at the time it writes:
   * the change's note, and the other phone's device name.
   */
  words: () => { note: (scenario: Scenario) => string; restoredDevice: string };
  /** How long to wait for the scratch item's confirmation before giving up. */
  scratchWaitMs?: number;
}

const SCRATCH_WAIT_MS = 60_000;

export class ScenarioRunner {
  private report: RunnerReport = { run: null, notice: null };
  private readonly listeners = new Set<() => void>();
  private stopWatching: (() => void) | null = null;
  /** Bumped by each start: a story started later wins over an earlier one still in its prelude. */
  private generation = 0;

  constructor(private readonly deps: RunnerDeps) {}

  /** For `useSyncExternalStore`: watches the client while someone listens. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.stopWatching = this.deps.client.subscribe(() => this.observe());
      this.observe();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.stopWatching?.();
      this.stopWatching = null;
    };
  };

  getSnapshot = (): RunnerReport => this.report;

  /** Plays `scenario` from the start (a story still running is left as it is). */
  async start(scenario: Scenario): Promise<void> {
    const { client, tester, sim } = this.deps;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const snapshot = client.getSnapshot();
    if (snapshot.items.length === 0) return this.set({ notice: { kind: 'no-items' } });
    if (!snapshot.stepByStep) tester.setStepByStep(true);
    this.set({ run: null });
    try {
      if (!(await this.scratchItem()) || !current()) return;
      const base: ScenarioRun = {
        scenario,
        handle: '',
        seen: [],
        clockMoved: false,
        preludeDone: 0,
        cleanup: null,
        ruleId: '',
      };
      if (scenario.restore) return await this.restore(scenario, base, current);
      const armed = await sim.addFault(scenario.fault);
      if (!current()) return;
      if (!armed.ok) return this.set({ notice: { kind: 'fault-refused', detail: armed.message } });
      this.set({ notice: null });
      const op = await client.adjust({
        itemId: SCRATCH_ITEM.itemId,
        delta: 1,
        reason: 'received',
        note: this.deps.words().note(scenario),
      });
      if (!current()) return;
      this.set({ run: { ...base, handle: op.handle, seen: [op.state], ruleId: armed.value.id } });
      this.observe();
    } catch (e) {
      // A ClientError says why as a typed refusal; anything else is unexpected (its message).
      this.set({ notice: { kind: 'refused', refusal: refusalOf(e) } });
    }
  }

  /** Another phone's change, aged on both clocks, restored here (scenario-stories.ts `RestoreStory`). */
  private async restore(
    scenario: Scenario,
    base: ScenarioRun,
    current: () => boolean,
  ): Promise<void> {
    const story = scenario.restore;
    if (!story) return;
    const { client, tester, sim } = this.deps;
    const tick = (changes: Partial<ScenarioRun>): void => {
      const run = this.report.run;
      if (current() && run) this.set({ run: { ...run, ...changes } });
    };
    this.set({ run: base });
    const made = await tester.backupFromOtherDevice({
      op: { type: 'adjust', itemId: SCRATCH_ITEM.itemId, delta: 1, reason: 'received' },
      ageMs: story.ageMs,
      deviceName: this.deps.words().restoredDevice,
      beforeSend: async (operationId) => {
        const armed = await sim.addFault({ ...scenario.fault, match: { operationId } });
        if (armed.ok) tick({ ruleId: armed.value.id });
      },
    });
    tick({ preludeDone: 1 });
    const moved = await sim.advanceClock(story.ageMs);
    if (moved.ok) tester.noteServerClock(moved.value.now);
    const cleaned = await sim.cleanup();
    tick({ preludeDone: 2, cleanup: cleaned.ok ? cleaned.value : null });
    const imported = await client.importBackup(made.backup);
    if (!current()) return;
    if (!imported.ok) return this.set({ notice: { kind: 'refused', refusal: imported.refusal } });
    // A restored record's handle is its id (it has had attempts: its id never moves again).
    tick({ preludeDone: 3, handle: made.operationId });
    this.observe();
  }

  /** The scratch item, created (and confirmed by the server) the first time; false: not there. */
  private async scratchItem(): Promise<boolean> {
    const { client } = this.deps;
    const has = () => client.getSnapshot().items.some((i) => i.id === SCRATCH_ITEM.itemId);
    if (has()) return true;
    this.set({ notice: { kind: 'creating-scratch' } });
    const op = await client.createItem(SCRATCH_ITEM);
    const confirmed = () =>
      client.getSnapshot().operations.find((o) => o.handle === op.handle)?.state === 'confirmed';
    const waitMs = this.deps.scratchWaitMs ?? SCRATCH_WAIT_MS;
    if (!(await until(client, () => confirmed() && has(), waitMs))) {
      this.set({ notice: { kind: 'scratch-not-confirmed' } });
      return false;
    }
    this.set({ notice: null });
    return true;
  }

  /** The client changed: record the followed change's state, and act on it. */
  private observe(): void {
    const run = this.report.run;
    if (!run || !run.handle) return;
    const op = this.deps.client.getSnapshot().operations.find((o) => o.handle === run.handle);
    const state = op?.state;
    if (!state || run.seen[run.seen.length - 1] === state) return;
    const next: ScenarioRun = { ...run, seen: [...run.seen, state] };
    const ms = run.scenario.advanceClockMs;
    if (ms !== undefined && !run.clockMoved && state === 'unknown') {
      next.clockMoved = true;
      void this.deps.sim.advanceClock(ms).then((r) => {
        if (r.ok) this.deps.tester.noteServerClock(r.value.now);
      });
    }
    this.set({ run: next });
    const all = run.scenario.steps.length;
    if (stepsSeen(run.scenario, run.seen) < all && stepsSeen(run.scenario, next.seen) === all)
      this.ended(next);
  }

  /**
   * The story is told: a use of its fault the change did not need would act on the tester's next
   * change, so it goes. Only if the server still lists it: asking to remove a rule already used
   * up is a 404, which the browser's console reports as an error.
   */
  private ended(run: ScenarioRun): void {
    const { sim } = this.deps;
    const ruleId = run.ruleId;
    if (!ruleId) return;
    void sim.faults().then((armed) => {
      if (armed.ok && armed.value.some((r) => r.id === ruleId)) void sim.removeFault(ruleId);
    });
  }

  private set(changes: Partial<RunnerReport>): void {
    this.report = { ...this.report, ...changes };
    for (const listener of this.listeners) listener();
  }
}

/** Resolves once `done` holds for the client's snapshot, or false after `ms`. */
function until(client: RunnerClient, done: () => boolean, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (done()) return resolve(true);
    const stop = client.subscribe(() => {
      if (!done()) return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, ms);
  });
}
