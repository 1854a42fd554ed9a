/**
 * The scanner view on Items (loaded only when opened, with its reader): the camera preview, and
 * what a scanned code means: a place label sets the Place; one item opens it; none says so and
 * offers managers a new item with that barcode; several fill Search items so the person picks.
 * Without a camera, a clear message and the typed path.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { href } from '../routes';
import { navigate } from '../use-route';
import { assertNever } from '../../protocol/assert-never';
import { chooseThePlace } from '../places/use-chosen-place';
import { matchScan } from './scan-match';
import { placeLabel } from './use-wedge-scan';
import { useBarcodeScan } from './use-barcode-scan';
import './scan-panel.css';
import { FormProblem } from '../components/form-problem';

export interface ScanPanelProps {
  manager: boolean;
  /** Several items answer to the code: show them in the list. */
  onMany: (code: string) => void;
  onClose: () => void;
}

export default function ScanPanel({ manager, onMany, onClose }: ScanPanelProps): ReactNode {
  const { items } = useSnapshot();
  const { t } = useI18n();
  const words = t.scan;
  const video = useRef<HTMLVideoElement>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // Read through a ref: a list refreshing mid-scan must not restart the camera.
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const onCode = useCallback(
    (code: string) => {
      const placeId = placeLabel(code);
      if (placeId !== null) {
        chooseThePlace(placeId);
        onClose();
        return;
      }
      const match = matchScan(itemsRef.current, code);
      switch (match.kind) {
        case 'one':
          navigate(href({ name: 'item', id: match.item.id }));
          return;
        case 'none':
          setMissing(match.code);
          return;
        case 'many':
          onMany(match.code);
          return;
        default:
          return assertNever(match);
      }
    },
    [onMany, onClose],
  );
  const state = useBarcodeScan(video, onCode, round);
  const showVideo = missing === null && state.phase !== 'problem';

  return (
    <section className="scan-panel" aria-label={words.panel}>
      <video
        ref={video}
        className="scan-panel__video"
        hidden={!showVideo}
        muted
        playsInline
        aria-label={words.preview}
      />
      {missing !== null ? (
        <p role="status">{words.noMatch(missing)}</p>
      ) : state.phase === 'problem' ? (
        <FormProblem>
          {words.problems[state.problem]} {words.typeInstead}
        </FormProblem>
      ) : (
        <p role="status">{state.phase === 'starting' ? words.starting : words.point}</p>
      )}
      <div className="fix-actions">
        {missing !== null && manager && (
          <a className="button" href={href({ name: 'new-item', barcode: missing })}>
            {words.newWithBarcode}
          </a>
        )}
        {missing !== null && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setMissing(null);
              setRound((r) => r + 1);
            }}
          >
            {words.again}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {showVideo ? words.stop : words.close}
        </button>
      </div>
    </section>
  );
}
