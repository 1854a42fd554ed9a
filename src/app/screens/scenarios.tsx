/**
 * **Scenarios**: one tap runs a seed's story on the Tester scratch item (scenario-runner.ts plays
 * it: Step by step on, the fault armed, a change of +1 through the outbox like any other); this
 * screen shows the runner's report: the story, its steps ticked off as the change's states are
 * seen, and what the runner has to say.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useClient, useSnapshot, type Tester } from '../client-context';
import { href } from '../routes';
import { useI18n } from '../i18n/i18n-context';
import type { Messages } from '../i18n/en';
import { refusalWords } from '../refusal-words';
import { ScenarioRunner, type RunnerNotice, type ScenarioRun } from '../scenario-runner';
import { SCENARIOS, SCRATCH_ITEM, stepsSeen } from '../scenario-stories';
import { testerText } from '../tester-words';
import { useOperationWords } from '../use-operation-words';

/** The last characters of an id: enough to tell changes apart on screen (the timeline explains). */
const shortId = (id: string): string => id.slice(-6);

function Narration({ run }: { run: ScenarioRun }): ReactNode {
  const client = useClient();
  const { t, format } = useI18n();
  const W = t.tester.scenarios;
  const cleanupText = testerText(t.tester.fault, format.count).cleanup;
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
            {i === 1 && run.cleanup && ` ${W.cleanupDone(cleanupText(run.cleanup))}`}
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
    </div>
  );
}

/** The runner's notice in the person's words. */
function noticeText(notice: RunnerNotice, t: Messages, count: (n: number) => string): string {
  const W = t.tester.scenarios;
  switch (notice.kind) {
    case 'no-items':
      return W.noItems;
    case 'creating-scratch':
      return W.creatingScratch;
    case 'scratch-not-confirmed':
      return W.scratchNotConfirmed;
    case 'fault-refused':
      return W.notTaken(notice.detail);
    case 'refused':
      return refusalWords(t, notice.refusal, count);
  }
}

export function Scenarios({
  tester,
  onChange,
}: {
  tester: Tester;
  /** The handle of the change the story follows, once it is on this device. */
  onChange?: (handle: string) => void;
}): ReactNode {
  const client = useClient();
  const { t, format } = useI18n();
  const W = t.tester.scenarios;
  // The words the runner writes into the change are read when it writes them (the language may change).
  const words = useRef(W);
  words.current = W;
  const [runner] = useState(
    () =>
      new ScenarioRunner({
        client,
        tester: tester.client,
        sim: tester.sim,
        words: () => ({
          note: (scenario) => words.current.note(words.current.stories[scenario.id].name),
          restoredDevice: words.current.restoredDevice,
        }),
      }),
  );
  const { run, notice } = useSyncExternalStore(runner.subscribe, runner.getSnapshot);

  const handle = run?.handle ?? '';
  useEffect(() => {
    if (handle) onChange?.(handle);
  }, [handle, onChange]);

  return (
    <section className="card stack" aria-labelledby="scenarios-heading">
      <h2 id="scenarios-heading">{W.heading}</h2>
      <p className="hint">{W.intro}</p>
      <div role="group" aria-label={W.heading} className="button-grid">
        {SCENARIOS.map((s) => (
          <button key={s.id} type="button" className="button" onClick={() => void runner.start(s)}>
            {W.stories[s.id].name}
          </button>
        ))}
      </div>
      {notice && <p className="form-message">{noticeText(notice, t, format.count)}</p>}
      {run && <Narration run={run} />}
    </section>
  );
}
