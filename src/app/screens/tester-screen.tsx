import { useState, type FormEvent, type ReactNode } from 'react';
import type { FaultRule } from '../../protocol/schemas';
import { useSim, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { formatCount } from '../format';
import type { SimApi, SimResult } from '../sim-api';
import { TesterTimeline } from './tester-timeline';

/** Rules for a fault that lasts until cleared (the tester clears it with "Clear faults"). */
const UNTIL_CLEARED = 1_000_000;
const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;

function useAction(): [string, boolean, (run: () => Promise<SimResult<string>>) => void] {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const act = (run: () => Promise<SimResult<string>>): void => {
    setBusy(true);
    void run().then((result) => {
      setBusy(false);
      setMessage(result.ok ? result.value : `The server did not take it: ${result.message}`);
    });
  };
  return [message, busy, act];
}

async function fault(sim: SimApi, rule: FaultRule, done: string): Promise<SimResult<string>> {
  const result = await sim.addFault(rule);
  return result.ok ? { ok: true, value: done } : result;
}

function Controls({ sim }: { sim: SimApi }): ReactNode {
  const [message, busy, act] = useAction();

  const delay = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const seconds = Number(new FormData(e.currentTarget).get('delaySeconds'));
    act(() =>
      fault(
        sim,
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
      return result.ok ? { ok: true, value: `Server clock is now ${result.value.now}.` } : result;
    });
  };

  return (
    <section className="card stack" aria-labelledby="faults-heading">
      <h2 id="faults-heading">Faults</h2>
      <div className="button-grid">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(() =>
              fault(
                sim,
                { fault: 'drop-request' },
                'The next operation request will be dropped before processing.',
              ),
            )
          }
        >
          Drop next request
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(() =>
              fault(
                sim,
                { fault: 'drop-response' },
                'The next operation will commit, then its response will be dropped.',
              ),
            )
          }
        >
          Drop next response
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(() =>
              fault(
                sim,
                { fault: 'fail-before-commit' },
                'The next operation will be rolled back before commit.',
              ),
            )
          }
        >
          Fail next before commit
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(() =>
              fault(
                sim,
                { fault: 'unavailable', times: UNTIL_CLEARED },
                'The server answers 503 to operations until faults are cleared.',
              ),
            )
          }
        >
          Make server unavailable
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(async () => {
              const r = await sim.clearFaults();
              return r.ok ? { ok: true, value: 'All faults cleared.' } : r;
            })
          }
        >
          Clear faults
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            act(async () => {
              const r = await sim.cleanup();
              return r.ok
                ? {
                    ok: true,
                    value: `Cleanup: ${formatCount(r.value.compacted)} compacted, ${formatCount(r.value.removed)} removed.`,
                  }
                : r;
            })
          }
        >
          Run cleanup
        </button>
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
  return (
    <Screen title="Tester">
      {!testerMode || !sim ? (
        <p>Tester mode is off on this server.</p>
      ) : (
        <>
          <p className="banner banner--warning">
            Tester mode: the server drops, delays and refuses requests on purpose when told to.
          </p>
          <Controls sim={sim} />
          <TesterTimeline sim={sim} />
        </>
      )}
    </Screen>
  );
}
