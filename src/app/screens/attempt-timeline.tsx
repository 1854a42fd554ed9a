import type { ReactNode } from 'react';
import type { AttemptView } from '../../client/facade';
import {
  attemptIdsExplained,
  attemptNames,
  attemptOutcomeText,
  attemptTitle,
  attemptsExplained,
  shortAttemptId,
} from '../attempt-words';
import { formatClockTime, formatPhases } from '../format';

/**
 * Each transport try of one operation: its short name and id (explained once above the list),
 * sent, how it ended, the server's phases. The full id is in the id's tooltip, for a server log.
 */
export function AttemptTimeline({ attempts }: { attempts: readonly AttemptView[] }): ReactNode {
  if (attempts.length === 0) {
    return <p>No attempt yet: this change has provably not left the device.</p>;
  }
  const names = attemptNames(attempts);
  return (
    <>
      <p className="hint">
        {attemptsExplained(attempts)} {attemptIdsExplained(attempts)}
      </p>
      <ol className="attempts">
        {attempts.map((a) => (
          <li key={a.attemptId} className={`attempt attempt--${a.result}`}>
            <p className="attempt__id">
              {attemptTitle(names.get(a.attemptId) ?? 'attempt')}{' '}
              <span className="mono" title={a.attemptId}>
                {shortAttemptId(a.attemptId)}
              </span>
            </p>
            <p>Sent {formatClockTime(a.sentAt)}</p>
            <p>
              {attemptOutcomeText(a)}
              {a.endedAt && ` at ${formatClockTime(a.endedAt)}`}
            </p>
            {Object.keys(a.serverTiming).length > 0 && (
              <p>Server phases: {formatPhases(a.serverTiming)}</p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
