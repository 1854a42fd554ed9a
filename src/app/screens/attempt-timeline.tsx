import type { ReactNode } from 'react';
import type { AttemptView } from '../../client/facade';
import { attemptKindText, attemptOutcomeText } from '../attempt-words';
import { useI18n } from '../i18n/i18n-context';

/** Each transport try of one operation: attempt id, sent, how it ended, the server's phases. */
export function AttemptTimeline({ attempts }: { attempts: readonly AttemptView[] }): ReactNode {
  const { t, format } = useI18n();
  const words = t.operations;
  if (attempts.length === 0) {
    return <p>{words.detail.noAttempt}</p>;
  }
  return (
    <ol className="attempts">
      {attempts.map((a) => (
        <li key={a.attemptId} className={`attempt attempt--${a.result}`}>
          <p className="attempt__id">
            {attemptKindText(a, words.attempt)} {a.attemptId}
          </p>
          <p>{words.detail.sent(format.clockTime(a.sentAt))}</p>
          <p>
            {a.endedAt
              ? words.detail.endedAt(
                  attemptOutcomeText(a, words.attempt),
                  format.clockTime(a.endedAt),
                )
              : attemptOutcomeText(a, words.attempt)}
          </p>
          {Object.keys(a.serverTiming).length > 0 && (
            <p>{words.detail.phases(format.phases(a.serverTiming))}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
