/**
 * The Tester panel's **Step by step** switch: each state stays on screen a few seconds after a
 * fault, and the app does not look again by itself meanwhile, so a person can watch and act.
 * Remembered on this device; only the pace changes (see src/client/core/pacing.ts).
 */
import type { ReactNode } from 'react';
import { useTester, useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';

export function StepByStepSwitch(): ReactNode {
  const tester = useTester();
  const { stepByStep = false } = useSnapshot();
  const { t } = useI18n();
  const words = t.tester;
  if (!tester) return null;
  const toggle = (): void => tester.client.setStepByStep(!stepByStep);
  return (
    <section className="card stack" aria-labelledby="step-heading">
      <h2 id="step-heading">{words.pace}</h2>
      <div className="field-row">
        <button
          type="button"
          role="switch"
          aria-checked={stepByStep}
          className="button"
          onClick={toggle}
        >
          {words.stepByStep}
        </button>
        <span>{stepByStep ? words.on : words.off}</span>
      </div>
      <p className="hint">{stepByStep ? words.stepOnHint : words.stepOffHint}</p>
    </section>
  );
}
