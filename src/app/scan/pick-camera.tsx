/**
 * The camera of a screen where a code picks one item (a stock-take's count; loaded with its reader
 * only when opened): it reads one code, hands it over and stops. **Stop scanning** closes it.
 * Without a camera, the same clear message as the scanner on Items; the typed code and a wedge
 * scanner still work.
 */
import { useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';
import { CameraView } from './camera-view';
import { useBarcodeScan } from './use-barcode-scan';
import './scan-panel.css';

export interface PickCameraProps {
  /** The code read; the caller closes the camera. Stable across renders (it restarts the camera). */
  onCode: (code: string) => void;
  onClose: () => void;
}

export default function PickCamera({ onCode, onClose }: PickCameraProps): ReactNode {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const state = useBarcodeScan(video, onCode, 0);
  return (
    <CameraView video={video} state={state}>
      <div className="fix-actions">
        <button type="button" className="button" onClick={onClose}>
          {state.phase === 'problem' ? t.scan.close : t.scan.stop}
        </button>
      </div>
    </CameraView>
  );
}
