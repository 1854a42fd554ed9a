import { useState, type FormEvent, type ReactNode } from 'react';
import { FAULT_TIMES_MAX, type FaultRule } from '../../protocol/schemas';
import { useClient, useSim, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { formatCount } from '../format';
import type { SimApi, SimResult } from '../sim-api';
import { cleanupText } from '../tester-words';
import { ArmedFaults } from './armed-faults';
import { Scenarios } from './scenarios';
import { StepByStepSwitch } from './step-by-step-switch';
import { TesterTimeline } from './tester-timeline';

/** "Make server unavailable" lasts until its Remove button in Armed faults; the others act once. */
const UNTIL_REMOVED = FAULT_TIMES_MAX;
const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;

type Action = (sim: SimApi) => Promise<SimResult<string>>;

function faultAction(rule: FaultRule, done: string): Action {
  return async (sim) => {
    const result = await sim.addFault(rule);
    return result.ok ? { ok: true, value: done } : result;
  };
}

/** The one-tap controls: button name → what it asks the server, and what to say when it did. */
const BUTTONS: [name: string, action: Action][] = [
  [
    'Drop next request',
    faultAction(
      { fault: 'drop-request' },
      'The next operation request will be dropped before processing.',
    ),
  ],
  [
    'Drop next response',
    faultAction(
      { fault: 'drop-response' },
      'The next operation will commit, then its response will be dropped.',
    ),
  ],
  [
    'Fail next before commit',
    faultAction(
      { fault: 'fail-before-commit' },
      'The next operation will be rolled back before commit.',
    ),
  ],
  [
    'Make server unavailable',
    faultAction(
      { fault: 'unavailable', times: UNTIL_REMOVED },
      'The server refuses changes (503) until you remove this fault in Armed faults.',
    ),
  ],
  [
    'Run cleanup',
    async (sim) => {
      const r = await sim.cleanup();
      return r.ok ? { ok: true, value: cleanupText(r.value) } : r;
    },
  ],
];

function Controls({ sim, onDone }: { sim: SimApi; onDone: () => void }): ReactNode {
  const client = useClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const act = (action: Action): void => {
    setBusy(true);
    void action(sim).then((result) => {
      setBusy(false);
      onDone();
      setMessage(result.ok ? result.value : `The server did not take it: ${result.message}`);
    });
  };

  const delay = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const seconds = Number(new FormData(e.currentTarget).get('delaySeconds'));
    act(
      faultAction(
        { fault: 'delay', delayMs: Math.round(seconds * 1000) },
        `The next operation request will wait ${formatCount(seconds)} s before processing.`,
      ),
    );
  };

  const advance = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const ms = Math.round(Number(data.get('amount')) * UNIT_MS[data.get('unit') as Unit]);
    act(async () => {
      const result = await sim.advanceClock(ms);
      // Deadlines shown and judged follow the server's clock from this answer on.
      if (result.ok) client.noteServerClock?.(result.value.now);
      return result.ok ? { ok: true, value: `Server clock is now ${result.value.now}.` } : result;
    });
  };

  return (
    <section className="card stack" aria-labelledby="faults-heading">
      <h2 id="faults-heading">Faults</h2>
      <div className="button-grid">
        {BUTTONS.map(([name, action]) => (
          <button
            key={name}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => act(action)}
          >
            {name}
          </button>
        ))}
      </div>
      <form className="field-row" onSubmit={delay} aria-label="Delay">
        <label className="field">
          <span>Delay (seconds)</span>
          <input
            name="delaySeconds"
            type="number"
            min={0}
            max={600}
            step="any"
            defaultValue={15}
            required
          />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Delay next
        </button>
      </form>
      <form className="field-row" onSubmit={advance} aria-label="Server clock">
        <label className="field">
          <span>Advance by</span>
          <input name="amount" type="number" min={0} step="any" defaultValue={1} required />
        </label>
        <label className="field">
          <span>Unit</span>
          <select name="unit" defaultValue="hours">
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
        </label>
        <button type="submit" className="button" disabled={busy}>
          Advance clock
        </button>
      </form>
      <p className="form-message" role="status">
        {message}
      </p>
    </section>
  );
}

export function TesterScreen(): ReactNode {
  const sim = useSim();
  const { testerMode } = useSnapshot();
  // Counts the panel's actions, so Armed faults reads the rules again at once after each.
  const [actions, setActions] = useState(0);
  // The change of the scenario running now: the timeline follows it.
  const [followed, setFollowed] = useState('');
  return (
    <Screen title="Tester">
      {!testerMode || !sim ? (
        <p>Tester mode is off on this server.</p>
      ) : (
        <>
          <p className="banner banner--warning">
            Tester mode: the server drops, delays and refuses requests on purpose when told to.
          </p>
          <StepByStepSwitch />
          <Scenarios sim={sim} onChange={setFollowed} />
          <Controls sim={sim} onDone={() => setActions((n) => n + 1)} />
          <ArmedFaults sim={sim} armed={actions} />
          <TesterTimeline sim={sim} follow={followed} />
        </>
      )}
    </Screen>
  );
}
