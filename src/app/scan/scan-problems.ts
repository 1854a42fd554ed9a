/**
 * Why scanning cannot run, as a value: the panel says it in the person's words
 * (`t.scan.problems`), never an error's own text or a stack trace. Pure.
 */

export type ScanProblem =
  'no-camera-api' | 'refused' | 'no-camera' | 'camera-busy' | 'camera-failed' | 'reader-failed';

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
