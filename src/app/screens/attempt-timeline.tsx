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
import { useI18n } from '../i18n/i18n-context';

/**
 * Each transport try of one operation: its short name and id (explained once above the list),
 * sent, how it ended, the server's phases. The full id is in the id's tooltip, for a server log.
 */
export function AttemptTimeline({ attempts }: { attempts: readonly AttemptView[] }): ReactNode {
  const { t, format } = useI18n();
  const words = t.operations;
  if (attempts.length === 0) {
    return <p>{words.detail.noAttempt}</p>;
  }
  const names = attemptNames(attempts, [], words.attempt, format.count);
  return (
    <>
      <p className="hint">
        {attemptsExplained(attempts, words.attempt, format.count)}{' '}
        {attemptIdsExplained(attempts, words.attempt)}
      </p>
      <ol className="attempts">
        {attempts.map((a) => (
          <li key={a.attemptId} className={`attempt attempt--${a.result}`}>
            <p className="attempt__id">
              {attemptTitle(names.get(a.attemptId) ?? words.attempt.anAttempt)}{' '}
              <span className="mono" title={a.attemptId}>
                {shortAttemptId(a.attemptId)}
              </span>
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
    </>
  );
}
