/**
 * **Scenarios**: one tap runs a seed's story on a demo item (the first on Items; a change of +1,
 * through the outbox like any other), arms the fault itself, turns on Step by step so each state
 * stays on screen, and ticks off the steps as the change's states are seen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { OperationState } from '../../client/facade';
import { useClient, useSnapshot } from '../client-context';
import { href } from '../routes';
import { SCENARIOS, stepsSeen, type Scenario } from '../scenarios';
import type { SimApi } from '../sim-api';

interface Run {
  scenario: Scenario;
  operationId: string;
  itemName: string;
  seen: OperationState[];
  clockMoved: boolean;
}

function Narration({ run, sim }: { run: Run; sim: SimApi }): ReactNode {
  const client = useClient();
  const op = useSnapshot().operations.find((o) => o.id === run.operationId);
  const done = stepsSeen(run.scenario, run.seen);
  return (
    <div className="stack" aria-label={`Scenario: ${run.scenario.name}`} role="region">
      <h3>{run.scenario.name}</h3>
      <p>{run.scenario.story}</p>
      <p className="hint">
        On {run.itemName} (a demo item): {op?.summary ?? 'the change'}.
        {run.scenario.advanceClockMs !== undefined &&
          (run.clockMoved
            ? ' The server’s clock was moved 8 days ahead.'
            : ' The server’s clock moves 8 days ahead once the outcome is unknown.')}
      </p>
      <ol className="stack" aria-label="Steps">
        {run.scenario.steps.map((step, i) => (
          <li key={i} aria-checked={i < done} role="checkbox" aria-readonly="true">
            {i < done ? '✓ ' : '○ '}
            {step.words}
          </li>
        ))}
      </ol>
      {op && (
        <p role="status">
          Now: <strong>{op.label}</strong>
        </p>
      )}
      {op?.state === 'unknown' && (
        <button type="button" className="button" onClick={() => void client.checkAndResend(op.id)}>
          Check and resend safely
        </button>
      )}
      <a href={href({ name: 'operation', handle: run.operationId })}>
        Open this change and its attempt timeline
      </a>
      <p className="hint">
        The two sides of its story are in the timeline below (operation {run.operationId}).
      </p>
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

export function Scenarios({ sim }: { sim: SimApi }): ReactNode {
  const client = useClient();
  const { items, operations, stepByStep } = useSnapshot();
  const [run, setRun] = useState<Run | null>(null);
  const [message, setMessage] = useState('');
  const state = run && operations.find((o) => o.id === run.operationId)?.state;

  // Each state the change passes through, in order (Step by step holds each for a few seconds).
  useEffect(() => {
    if (!run || !state || run.seen[run.seen.length - 1] === state) return;
    setRun({ ...run, seen: [...run.seen, state] });
  }, [run, state]);

  const start = async (scenario: Scenario): Promise<void> => {
    const item = items[0];
    if (!item) {
      setMessage('No item on this device yet: open Items once while online.');
      return;
    }
    if (!stepByStep) client.setStepByStep?.(true);
    const armed = await sim.addFault(scenario.fault);
    if (!armed.ok) {
      setMessage(`The server did not take the fault: ${armed.message}`);
      return;
    }
    setMessage('');
    const op = await client
      .adjust({
        itemId: item.id,
        delta: 1,
        reason: 'received',
        note: `Tester scenario: ${scenario.name}`,
      })
      .catch((e: unknown) => {
        setMessage(e instanceof Error ? e.message : String(e));
        return null;
      });
    if (!op) return;
    setRun({
      scenario,
      operationId: op.id,
      itemName: item.name,
      seen: [op.state],
      clockMoved: false,
    });
  };

  return (
    <section className="card stack" aria-labelledby="scenarios-heading">
      <h2 id="scenarios-heading">Scenarios</h2>
      <p className="hint">
        Each story arms its fault, turns on Step by step, and adds 1 to the first item.
      </p>
      <div role="group" aria-label="Scenarios" className="button-grid">
        {SCENARIOS.map((s) => (
          <button key={s.name} type="button" className="button" onClick={() => void start(s)}>
            {s.name}
          </button>
        ))}
      </div>
      {message && <p className="form-message">{message}</p>}
      {run && <Narration run={run} sim={sim} />}
    </section>
  );
}
