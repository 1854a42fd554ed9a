/**
 * The Tester panel's **Step by step** switch: each state stays on screen a few seconds after a
 * fault, and the app does not look again by itself meanwhile, so a person can watch and act.
 * Remembered on this device; only the pace changes (see src/client/core/pacing.ts).
 */
import type { ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';

export function StepByStepSwitch(): ReactNode {
  const client = useClient();
  const { stepByStep = false } = useSnapshot();
  if (!client.setStepByStep) return null;
  const toggle = (): void => client.setStepByStep?.(!stepByStep);
  return (
    <section className="card stack" aria-labelledby="step-heading">
      <h2 id="step-heading">Pace</h2>
      <div className="field-row">
        <button
          type="button"
          role="switch"
          aria-checked={stepByStep}
          className="button"
          onClick={toggle}
        >
          Step by step
        </button>
        <span>{stepByStep ? 'On' : 'Off'}</span>
      </div>
      <p className="hint">
        {stepByStep
          ? 'Each state stays on screen for 3 seconds, and the app waits that long before it checks an unknown outcome by itself: press “Check and resend safely” to go on sooner. The same change is sent under the same identity as always.'
          : 'Changes move at full speed: after a fault, “Outcome unknown” may last only a moment.'}
      </p>
    </section>
  );
}
