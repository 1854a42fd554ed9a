import { useState, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { hasOutcome, pendingNotices } from '../notices';
import { href } from '../routes';

/** Brief notices of outcomes that arrived while the app was open (see ../notices.ts). */
export function Notices(): ReactNode {
  const { ready, operations } = useSnapshot();
  const [baseline, setBaseline] = useState<ReadonlySet<string> | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  // Outcomes already stored when the app opened are history, not news.
  if (ready && baseline === null) {
    setBaseline(new Set(operations.filter(hasOutcome).map((op) => op.handle)));
  }
  const notices = baseline ? pendingNotices(operations, baseline, dismissed) : [];
  return (
    <section className="notices" aria-label="Notices" aria-live="polite">
      {notices.map((op) => (
        <div key={op.handle} className={`notice notice--${op.state}`}>
          <a href={href({ name: 'operation', handle: op.handle })}>
            {op.summary}: {op.label}
          </a>
          <button
            type="button"
            className="notice__close"
            aria-label={`Dismiss notice: ${op.summary}`}
            onClick={() => setDismissed((prev) => new Set(prev).add(op.handle))}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
