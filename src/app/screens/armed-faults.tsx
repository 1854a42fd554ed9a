import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ArmedFault } from '../../protocol/schemas';
import { useI18n } from '../i18n/i18n-context';
import type { SimApi } from '../sim-api';
import { faultKind, testerText, type FaultKind } from '../tester-words';

/** Rules are used up by requests the panel does not see, so the list is read again this often. */
const REREAD_MS = 1_500;

const KIND_WORDS: Record<FaultKind, string> = {
  lasting: 'Lasting',
  'one-shot': 'One-shot',
  counted: 'Counted',
};

type Listed =
  | { status: 'loading' }
  | { status: 'ready'; rules: ArmedFault[] }
  | { status: 'unavailable'; message: string };

/**
 * The fault rules armed on the server, in the order they act, each saying what it will do and
 * how many more times, and each removable. `armed` changes whenever the panel arms a rule, so
 * the list shows it at once.
 */
export function ArmedFaults({ sim, armed }: { sim: SimApi; armed: number }): ReactNode {
  const [listed, setListed] = useState<Listed>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const { t, format } = useI18n();
  const words = t.tester;
  const armedFaultText = testerText(words.fault, format.count).armedFault;

  const read = useCallback(async (): Promise<void> => {
    const r = await sim.faults();
    setListed(
      r.ok ? { status: 'ready', rules: r.value } : { status: 'unavailable', message: r.message },
    );
  }, [sim]);

  useEffect(() => {
    let live = true;
    const tick = (): void => {
      if (live && document.visibilityState === 'visible') void read();
    };
    tick();
    const timer = setInterval(tick, REREAD_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [read, armed]);

  const remove = (rule: ArmedFault): void => {
    setRemoving(rule.id);
    void sim.removeFault(rule.id).then(async (r) => {
      // A rule used up meanwhile is gone either way: the list is read again in both cases.
      setMessage(r.ok ? words.removed(armedFaultText(rule)) : words.notRemoved(r.message));
      await read();
      setRemoving(null);
    });
  };

  return (
    <section className="card stack" aria-labelledby="armed-heading">
      <h2 id="armed-heading">{words.armedFaults}</h2>
      {listed.status === 'loading' && <p>{words.readingFaults}</p>}
      {listed.status === 'unavailable' && <p>{words.faultsUnreadable(listed.message)}</p>}
      {listed.status === 'ready' && listed.rules.length === 0 && <p>{words.noFaults}</p>}
      {listed.status === 'ready' && listed.rules.length > 0 && (
        <ul className="armed-faults" aria-labelledby="armed-heading">
          {listed.rules.map((rule) => {
            const kind = faultKind(rule);
            return (
              <li key={rule.id} className="armed-faults__rule">
                <span className={`fault-kind fault-kind--${kind}`}>{KIND_WORDS[kind]}</span>
                <span className="armed-faults__text">{armedFaultText(rule)}</span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={removing === rule.id}
                  onClick={() => remove(rule)}
                >
                  {words.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="form-message" role="status">
        {message}
      </p>
    </section>
  );
}
