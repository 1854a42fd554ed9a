import type { ReactNode } from 'react';
import type { AttemptView } from '../../client/facade';
import { attemptKindText, attemptOutcomeText } from '../attempt-words';
import { formatClockTime, formatPhases } from '../format';

/** Each transport try of one operation: attempt id, sent, how it ended, the server's phases. */
export function AttemptTimeline({ attempts }: { attempts: readonly AttemptView[] }): ReactNode {
  if (attempts.length === 0) {
    return <p>No attempt yet: this change has provably not left the device.</p>;
  }
  return (
    <ol className="attempts">
      {attempts.map((a) => (
        <li key={a.attemptId} className={`attempt attempt--${a.result}`}>
          <p className="attempt__id">
            {attemptKindText(a)} {a.attemptId}
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
  );
}
