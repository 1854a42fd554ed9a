/**
 * A camera's preview and what it is doing (starting, point it at a code, or why it cannot), shared
 * by the cameras that pick an item and that receive a delivery; `children` are the view's buttons.
 * Its look is scan-panel.css, which each camera's chunk loads.
 */
import type { ReactNode, RefObject } from 'react';
import { FormProblem } from '../components/form-problem';
import { useI18n } from '../i18n/i18n-context';
import type { ScanState } from './use-barcode-scan';

export function CameraView({
  video,
  state,
  children,
}: {
  video: RefObject<HTMLVideoElement | null>;
  state: ScanState;
  children?: ReactNode;
}): ReactNode {
  const { t } = useI18n();
  const words = t.scan;
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
      {children}
    </section>
  );
}
