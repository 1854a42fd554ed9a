/**
 * The camera of **Receive delivery** (loaded with its reader only when the screen opens): it stays
 * on, and every label that comes into view counts once (repeat-guard.ts). Without a camera, the
 * same clear message as the scanner on Items; typing or a wedge scanner still works.
 */
import { FormProblem } from '../components/form-problem';
import { useCallback, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';
import { RepeatGuard } from './repeat-guard';
import { useBarcodeScan } from './use-barcode-scan';
import './scan-panel.css';

export default function DeliveryCamera({ onCode }: { onCode: (code: string) => void }): ReactNode {
  const { t } = useI18n();
  const words = t.scan;
  const video = useRef<HTMLVideoElement>(null);
  const guard = useRef(new RepeatGuard());
  const onRead = useCallback(
    (code: string) => {
      if (guard.current.seen(code, performance.now())) onCode(code);
    },
    [onCode],
  );
  const state = useBarcodeScan(video, onRead, 0, true);
  return (
    <section className="scan-panel" aria-label={words.panel}>
      <video
        ref={video}
        className="scan-panel__video"
        hidden={state.phase === 'problem'}
        muted
        playsInline
        aria-label={words.preview}
      />
      {state.phase === 'problem' ? (
        <FormProblem>{words.problems[state.problem]}</FormProblem>
      ) : (
        <p role="status">{state.phase === 'starting' ? words.starting : words.point}</p>
      )}
    </section>
  );
}
