import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { href } from '../routes';
import { useOperationWords } from '../use-operation-words';

/**
 * After a form saves an intent: what became of it, read live from the outbox (so it moves from
 * "Saved on this device" to "Confirmed" without the form knowing anything about sending).
 */
/** `operationId`: the saved operation's handle (kept when it moves to a fresh lease). */
export function SavedIntent({ operationId }: { operationId: string | null }): ReactNode {
  const { operations } = useSnapshot();
  const words = useOperationWords();
  const op = operationId ? operations.find((o) => o.handle === operationId) : undefined;
  return (
    <p className="form-message" role="status">
      {op && (
        <>
          <a href={href({ name: 'operation', handle: op.handle })}>{words(op).summary}</a>:{' '}
          {words(op).label}
        </>
      )}
    </p>
  );
}
