import { useState, type FormEvent, type ReactNode } from 'react';
import { FAULT_TIMES_MAX, type FaultRule } from '../../protocol/schemas';
import { useTester, useSnapshot, type Tester } from '../client-context';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import type { Messages } from '../i18n/en';
import type { SimApi, SimResult } from '../sim-api';
import { testerText } from '../tester-words';
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

type TesterWords = Messages['tester'];

/** The one-tap controls: button name → what it asks the server, and what to say when it did. */
function buttons(
  words: TesterWords,
  count: (n: number) => string,
): [name: string, action: Action][] {
  return [
    [words.dropRequest, faultAction({ fault: 'drop-request' }, words.dropRequestDone)],
    [words.dropResponse, faultAction({ fault: 'drop-response' }, words.dropResponseDone)],
    [
      words.failBeforeCommit,
      faultAction({ fault: 'fail-before-commit' }, words.failBeforeCommitDone),
    ],
    [
      words.unavailable,
      faultAction({ fault: 'unavailable', times: UNTIL_REMOVED }, words.unavailableDone),
    ],
    [
      words.runCleanup,
      async (sim) => {
        const r = await sim.cleanup();
        return r.ok ? { ok: true, value: testerText(words.fault, count).cleanup(r.value) } : r;
      },
    ],
  ];
}

function Controls({ tester, onDone }: { tester: Tester; onDone: () => void }): ReactNode {
  const { sim } = tester;
  const { t, format } = useI18n();
  const words = t.tester;
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const act = (action: Action): void => {
    setBusy(true);
    void action(sim).then((result) => {
      setBusy(false);
      onDone();
      setMessage(result.ok ? result.value : words.notTaken(result.message));
    });
  };

  const delay = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const seconds = Number(new FormData(e.currentTarget).get('delaySeconds'));
    act(
      faultAction(
        { fault: 'delay', delayMs: Math.round(seconds * 1000) },
        words.delayDone(format.count(seconds)),
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
      if (result.ok) tester.client.noteServerClock(result.value.now);
      return result.ok ? { ok: true, value: words.clockNow(result.value.now) } : result;
    });
  };

  return (
    <section className="card stack" aria-labelledby="faults-heading">
      <h2 id="faults-heading">{words.faults}</h2>
      <div className="button-grid">
        {buttons(words, format.count).map(([name, action]) => (
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
      <form className="field-row" onSubmit={delay} aria-label={words.delay} noValidate>
        <label className="field">
          <span>{words.delaySeconds}</span>
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
          {words.delayNext}
        </button>
      </form>
      <form className="field-row" onSubmit={advance} aria-label={words.serverClock} noValidate>
        <label className="field">
          <span>{words.advanceBy}</span>
          <input name="amount" type="number" min={0} step="any" defaultValue={1} required />
        </label>
        <label className="field">
          <span>{words.unit}</span>
          <select name="unit" defaultValue="hours">
            <option value="minutes">{words.units.minutes}</option>
            <option value="hours">{words.units.hours}</option>
            <option value="days">{words.units.days}</option>
          </select>
        </label>
        <button type="submit" className="button" disabled={busy}>
          {words.advanceClock}
        </button>
      </form>
      <p className="form-message" role="status">
        {message}
      </p>
    </section>
  );
}

export function TesterScreen(): ReactNode {
  const tester = useTester();
  const { t } = useI18n();
  const { testerMode } = useSnapshot();
  // Counts the panel's actions, so Armed faults reads the rules again at once after each.
  const [actions, setActions] = useState(0);
  // The change of the scenario running now: the timeline follows it.
  const [followed, setFollowed] = useState('');
  return (
    <Screen title={t.nav.tester}>
      {!testerMode || !tester ? (
        <p>{t.tester.offOnServer}</p>
      ) : (
        <>
          <p className="banner banner--warning">{t.tester.warning}</p>
          <StepByStepSwitch />
          <Scenarios tester={tester} onChange={setFollowed} />
          <Controls tester={tester} onDone={() => setActions((n) => n + 1)} />
          <ArmedFaults sim={tester.sim} armed={actions} />
          <TesterTimeline sim={tester.sim} follow={followed} />
        </>
      )}
    </Screen>
  );
}
