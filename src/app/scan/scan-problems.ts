/**
 * Why scanning cannot run, in words for the person holding the phone (never an error's own text
 * or a stack trace), each pointing to the typed-code path. Pure.
 */
import { en } from '../i18n/en';

export type ScanProblem =
  'no-camera-api' | 'refused' | 'no-camera' | 'camera-busy' | 'camera-failed' | 'reader-failed';

export const TYPE_INSTEAD = en.scan.typeInstead;

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

/** The problem in English; the panel shows the person's catalogue (`t.scan.problems`). */
export function problemText(problem: ScanProblem): string {
  return en.scan.problems[problem];
}
