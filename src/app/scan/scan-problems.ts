import { assertNever } from '../../protocol/assert-never';
/**
 * Why scanning cannot run, in words for the person holding the phone (never an error's own text
 * or a stack trace), each pointing to the typed-code path. Pure.
 */
export type ScanProblem =
  'no-camera-api' | 'refused' | 'no-camera' | 'camera-busy' | 'camera-failed' | 'reader-failed';

export const TYPE_INSTEAD = 'Type the code into Search items instead.';

/** A getUserMedia rejection as a problem, by the DOMException's name. */
export function cameraProblem(error: unknown): ScanProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'refused';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'AbortError':
      return 'camera-busy';
    default:
      return 'camera-failed';
  }
}

export function problemText(problem: ScanProblem): string {
  switch (problem) {
    case 'no-camera-api':
      return 'This browser cannot open the camera here (it needs a secure https address).';
    case 'refused':
      return 'The camera was not allowed. To scan, allow the camera for this site in the browser’s settings.';
    case 'no-camera':
      return 'No camera was found on this device.';
    case 'camera-busy':
      return 'The camera is in use by another app or could not start.';
    case 'camera-failed':
      return 'The camera could not be opened.';
    case 'reader-failed':
      return 'The barcode reader could not start on this device.';
    default:
      return assertNever(problem);
  }
}
