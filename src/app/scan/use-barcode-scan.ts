/**
 * The camera and the reader for the scanner view: opens the rear camera into `video`, reads frames
 * until one carries a code, then hands it over once. Every camera track stops when the view goes
 * away or a code is found, so the phone's camera light never stays on behind the app.
 */
import { useEffect, useState, type RefObject } from 'react';
import { createDetector } from './detector';
import type { Detector } from './reader-formats';
import { cameraProblem, type ScanProblem } from './scan-problems';

export type ScanState =
  | { phase: 'starting' }
  | { phase: 'scanning'; reader: 'native' | 'wasm' }
  | { phase: 'problem'; problem: ScanProblem };

const nextFrame = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => resolve()));

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function useBarcodeScan(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
  /** Changing this starts a new scan (after "Scan again"). */
  round: number,
  /**
   * Keep reading after a code (Receive delivery): every code read goes to `onCode`, frame after
   * frame; the caller decides what counts (repeat-guard.ts). The camera stays on until the view goes.
   */
  continuous = false,
): ScanState {
  const [state, setState] = useState<ScanState>({ phase: 'starting' });

  useEffect(() => {
    let active = true;
    let stream: MediaStream | null = null;
    const element = video.current;
    setState({ phase: 'starting' });

    async function readUntilFound(detector: Detector, el: HTMLVideoElement): Promise<void> {
      while (active) {
        if (el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          // A frame the reader cannot read (a blur, a half-drawn frame) is just the next try.
          const found = await detector.detect(el).catch(() => []);
          const code = found.find((d) => d.rawValue.trim() !== '')?.rawValue.trim();
          if (code && active && continuous) onCode(code);
          else if (code && active) {
            active = false;
            stopTracks(stream);
            onCode(code);
            return;
          }
        }
        await nextFrame();
      }
    }

    async function start(): Promise<void> {
      if (!element) return;
      // Absent outside a secure context (plain http on a shop's network).
      if (!('mediaDevices' in navigator) || !navigator.mediaDevices.getUserMedia) {
        setState({ phase: 'problem', problem: 'no-camera-api' });
        return;
      }
      // The reader loads while the person allows the camera.
      const reader = createDetector().catch(() => null);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (active) setState({ phase: 'problem', problem: cameraProblem(error) });
        return;
      }
      if (!active) {
        stopTracks(stream);
        return;
      }
      element.srcObject = stream;
      // play() rejects when the view closes meanwhile; the frames are read either way.
      await element.play().catch(() => undefined);
      const ready = await reader;
      if (!active) return;
      if (!ready) {
        stopTracks(stream);
        setState({ phase: 'problem', problem: 'reader-failed' });
        return;
      }
      setState({ phase: 'scanning', reader: ready.reader });
      await readUntilFound(ready.detector, element);
    }

    void start();
    return () => {
      active = false;
      stopTracks(stream);
      if (element) element.srcObject = null;
    };
  }, [video, onCode, round, continuous]);

  return state;
}
