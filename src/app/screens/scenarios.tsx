/**
 * **Scenarios**: one tap runs a seed's story on the Tester scratch item (a change of +1, through
 * the outbox like any other), arms the fault itself, turns on Step by step so each state stays on
 * screen, and ticks off the steps as the change's states are seen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OperationState, StockroomClient } from '../../client/facade';
import { useClient, useSnapshot } from '../client-context';
import { href } from '../routes';
import { useI18n } from '../i18n/i18n-context';
import type { ScenarioWords } from '../i18n/en-scenarios';
import { SCENARIOS, SCRATCH_ITEM, stepsSeen, type Scenario } from '../scenarios';
import type { SimApi } from '../sim-api';
import { testerText } from '../tester-words';
import { refusalWords } from '../refusal-words';
import { useOperationWords } from '../use-operation-words';

interface Run {
  scenario: Scenario;
  /**
   * The change's stable handle (its id may move to a fresh lease before the first attempt); empty
   * until the change is on this device (a restored one arrives after the prelude).
   */
  handle: string;
  seen: OperationState[];
  clockMoved: boolean;
  /** Prelude lines done (restore stories), and what cleanup said. */
  preludeDone: number;
  cleanup: string;
  /** The story's own fault rule: what is left of it goes when the story ends. */
  ruleId: string;
}

/** The last characters of an id: enough to tell changes apart on screen (the timeline explains). */
const shortId = (id: string): string => id.slice(-6);

function Narration({ run, sim }: { run: Run; sim: SimApi }): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const W = t.tester.scenarios;
  const op = useSnapshot().operations.find((o) => o.handle === run.handle);
  const wordsOf = useOperationWords();
  const done = stepsSeen(run.scenario, run.seen);
  const prelude = run.scenario.restore ? W.prelude : [];
  const { name, story } = W.stories[run.scenario.id];
  // The story is told below six buttons: on a phone that is off screen, so it comes into view
  // (under the status bar: the heading's scroll-margin) when a story starts.
  const heading = useRef<HTMLHeadingElement>(null);
  const started = run.scenario;
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
  }, [started]);
  return (
    <div className="stack" aria-label={W.region(name)} role="region">
      <h3 ref={heading} className="scenario-heading">
        {name}
      </h3>
      <p>{story}</p>
      <p className="hint">
        {W.theChange(op ? wordsOf(op).summary : W.addOneTo(SCRATCH_ITEM.name))}
        {run.scenario.advanceClockMs !== undefined &&
          (run.clockMoved ? W.clockMoved : W.clockWillMove)}
      </p>
      <ol className="stack" aria-label={W.steps}>
        {prelude.map((words, i) => (
          <li key={`p${i}`} aria-checked={i < run.preludeDone} role="checkbox" aria-readonly="true">
            {i < run.preludeDone ? '✓ ' : '○ '}
            {words}
            {i === 1 && run.cleanup && ` ${W.cleanupDone(run.cleanup)}`}
          </li>
        ))}
        {run.scenario.steps.map((step, i) => (
          <li key={i} aria-checked={i < done} role="checkbox" aria-readonly="true">
            {i < done ? '✓ ' : '○ '}
            {W.step[step.word]}
          </li>
        ))}
      </ol>
      {op && (
        <p role="status">
          {W.now} <strong>{wordsOf(op).label}</strong>
        </p>
      )}
      {op?.state === 'unknown' && (
        <button type="button" className="button" onClick={() => void client.checkAndResend(op.id)}>
          {t.operations.detail.checkAndResend}
        </button>
      )}
      {op && (
        <>
          <a href={href({ name: 'operation', handle: op.handle })}>{W.openChange}</a>
          <p className="hint">{W.timelineHint(shortId(op.id))}</p>
        </>
      )}
      {/* The sim handle keeps the clock move beside the story that needs it. */}
      <ClockMove run={run} sim={sim} state={op?.state ?? null} />
    </div>
  );
}

/** "Too old to apply": once the outcome is unknown, the server's clock jumps past the deadline. */
function ClockMove({
  run,
  sim,
  state,
}: {
  run: Run;
  sim: SimApi;
  state: OperationState | null;
}): ReactNode {
  const client = useClient();
  const ms = run.scenario.advanceClockMs;
  useEffect(() => {
    if (ms === undefined || run.clockMoved || state !== 'unknown') return;
    run.clockMoved = true;
    void sim.advanceClock(ms).then((r) => {
      if (r.ok) client.noteServerClock?.(r.value.now);
    });
  }, [ms, run, sim, state, client]);
  return null;
}

/** Resolves once `done` holds for the client's snapshot, or false after `ms`. */
function until(client: StockroomClient, done: () => boolean, ms: number): Promise<boolean> {
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

/** The scratch item, created (and confirmed by the server) the first time; null: not yet there. */
async function scratchItem(
  client: StockroomClient,
  W: ScenarioWords,
  say: (m: string) => void,
): Promise<boolean> {
  const has = () => client.getSnapshot().items.some((i) => i.id === SCRATCH_ITEM.itemId);
  if (has()) return true;
  say(W.creatingScratch);
  const op = await client.createItem(SCRATCH_ITEM);
  const confirmed = () =>
    client.getSnapshot().operations.find((o) => o.handle === op.handle)?.state === 'confirmed';
  if (!(await until(client, () => confirmed() && has(), 60_000))) {
    say(W.scratchNotConfirmed);
    return false;
  }
  say('');
  return true;
}

export function Scenarios({
  sim,
  onChange,
}: {
  sim: SimApi;
  /** The handle of the change the story follows, once it is on this device. */
  onChange?: (handle: string) => void;
}): ReactNode {
  const client = useClient();
  const { t, format } = useI18n();
  const W = t.tester.scenarios;
  const cleanupText = testerText(t.tester.fault, format.count).cleanup;
  const { operations, stepByStep } = useSnapshot();
  const [run, setRun] = useState<Run | null>(null);
  const [message, setMessage] = useState('');
  const state = run && operations.find((o) => o.handle === run.handle)?.state;

  const handle = run?.handle ?? '';
  useEffect(() => {
    if (handle) onChange?.(handle);
  }, [handle, onChange]);

  // Each state the change passes through, in order (Step by step holds each for a few seconds).
  useEffect(() => {
    if (!run || !state || run.seen[run.seen.length - 1] === state) return;
    setRun({ ...run, seen: [...run.seen, state] });
  }, [run, state]);

  // The story is told: a use of its fault the change did not need would act on the tester's next
  // change, so it goes. Only if the server still lists it: asking to remove a rule already used
  // up is a 404, which the browser's console reports as an error.
  const ended = run !== null && stepsSeen(run.scenario, run.seen) === run.scenario.steps.length;
  const ruleId = run?.ruleId ?? '';
  useEffect(() => {
    if (!ended || !ruleId) return;
    void sim.faults().then((armed) => {
      if (armed.ok && armed.value.some((r) => r.id === ruleId)) void sim.removeFault(ruleId);
    });
  }, [ended, ruleId, sim]);

  const failed = (e: unknown): null => {
    setMessage(e instanceof Error ? e.message : String(e));
    return null;
  };

  /** Another phone's change, aged on both clocks, restored here (scenarios.ts `RestoreStory`). */
  const restore = async (scenario: Scenario, base: Run): Promise<void> => {
    const story = scenario.restore;
    if (!story || !client.backupFromOtherDevice) return;
    let current = base;
    const tick = (changes: Partial<Run>): void => {
      current = { ...current, ...changes };
      setRun(current);
    };
    tick({});
    const made = await client
      .backupFromOtherDevice({
        op: { type: 'adjust', itemId: SCRATCH_ITEM.itemId, delta: 1, reason: 'received' },
        ageMs: story.ageMs,
        deviceName: W.restoredDevice,
        beforeSend: async (operationId) => {
          const armed = await sim.addFault({ ...scenario.fault, match: { operationId } });
          if (armed.ok) tick({ ruleId: armed.value.id });
        },
      })
      .catch(failed);
    if (!made) return;
    tick({ preludeDone: 1 });
    const moved = await sim.advanceClock(story.ageMs);
    if (moved.ok) client.noteServerClock?.(moved.value.now);
    const cleaned = await sim.cleanup();
    tick({ preludeDone: 2, cleanup: cleaned.ok ? cleanupText(cleaned.value) : '' });
    const imported = await client.importBackup(made.backup);
    if (!imported.ok) return void setMessage(refusalWords(t, imported.refusal, format.count));
    // A restored record's handle is its id (it has had attempts: its id never moves again).
    tick({ preludeDone: 3, handle: made.operationId });
  };

  const start = async (scenario: Scenario): Promise<void> => {
    if (client.getSnapshot().items.length === 0) return setMessage(W.noItems);
    if (!stepByStep) client.setStepByStep?.(true);
    setRun(null);
    if (!(await scratchItem(client, W, setMessage).catch(failed))) return;
    const base: Run = {
      scenario,
      handle: '',
      seen: [],
      clockMoved: false,
      preludeDone: 0,
      cleanup: '',
      ruleId: '',
    };
    if (scenario.restore) return restore(scenario, base);
    const armed = await sim.addFault(scenario.fault);
    if (!armed.ok) return setMessage(W.notTaken(armed.message));
    setMessage('');
    const op = await client
      .adjust({
        itemId: SCRATCH_ITEM.itemId,
        delta: 1,
        reason: 'received',
        note: W.note(W.stories[scenario.id].name),
      })
      .catch(failed);
    if (!op) return;
    setRun({ ...base, handle: op.handle, seen: [op.state], ruleId: armed.value.id });
  };

  return (
    <section className="card stack" aria-labelledby="scenarios-heading">
      <h2 id="scenarios-heading">{W.heading}</h2>
      <p className="hint">{W.intro}</p>
      <div role="group" aria-label={W.heading} className="button-grid">
        {SCENARIOS.map((s) => (
          <button key={s.id} type="button" className="button" onClick={() => void start(s)}>
            {W.stories[s.id].name}
          </button>
        ))}
      </div>
      {message && <p className="form-message">{message}</p>}
      {run && <Narration run={run} sim={sim} />}
    </section>
  );
}
