import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { OperationList } from '../components/operation-row';
import { useI18n } from '../i18n/i18n-context';
import { isUnderway } from '../operation-groups';
import { useNow } from '../use-now';

/**
 * New items made on this device that the server has not confirmed yet: they join the list once
 * confirmed (the list shows confirmed items), so until then they are shown here with their state.
 */
export function PendingNewItems(): ReactNode {
  const { operations, items } = useSnapshot();
  const now = useNow();
  const { t } = useI18n();
  const pending = useMemo(() => {
    const known = new Set(items.map((i) => i.id));
    return operations.filter(
      (o) => o.op.type === 'createItem' && !known.has(o.op.itemId) && isUnderway(o),
    );
  }, [operations, items]);
  if (pending.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="pending-new-heading">
      <h2 id="pending-new-heading">{t.items.pendingNew}</h2>
      <OperationList operations={pending} now={now} />
    </section>
  );
}
