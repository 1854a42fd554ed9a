/**
 * The camera of **Receive delivery** (loaded with its reader only when the screen opens): it stays
 * on, and every label that comes into view counts once (repeat-guard.ts). Without a camera, the
 * same clear message as the scanner on Items; typing or a wedge scanner still works.
 */
import { useCallback, useRef, type ReactNode } from 'react';
import { CameraView } from './camera-view';
import { RepeatGuard } from './repeat-guard';
import { useBarcodeScan } from './use-barcode-scan';
import './scan-panel.css';

export default function DeliveryCamera({ onCode }: { onCode: (code: string) => void }): ReactNode {
  const video = useRef<HTMLVideoElement>(null);
  const guard = useRef(new RepeatGuard());
  const onRead = useCallback(
    (code: string) => {
      if (guard.current.seen(code, performance.now())) onCode(code);
    },
    [onCode],
  );
  const state = useBarcodeScan(video, onRead, 0, true);
  return <CameraView video={video} state={state} />;
}
