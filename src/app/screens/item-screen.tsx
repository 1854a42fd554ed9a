import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { OperationList } from '../components/operation-row';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import { formatCount, formatDelta } from '../format';
import { isLowStock } from '../low-stock';
import { href } from '../routes';
import { useNow } from '../use-now';
import { AdjustForm } from './adjust-form';
import { CountForm } from './count-form';
import { ItemHistory } from './item-history';

export function ItemScreen({ id }: { id: string }): ReactNode {
  const { items, operations, user } = useSnapshot();
  const now = useNow();
  const item = items.find((i) => i.id === id);
  const deviceOps = useMemo(() => operations.filter((o) => o.op.itemId === id), [operations, id]);
  const deviceOpIds = useMemo(() => new Set(deviceOps.map((o) => o.id)), [deviceOps]);

  if (!item) {
    return <NotOnDevice what="item" />;
  }

  return (
    <Screen
      title={item.name}
      back={{ to: { name: 'items' }, label: 'Back to Items' }}
      actions={
        user?.role === 'manager' && (
          <a className="button button--small" href={href({ name: 'edit-item', id: item.id })}>
            Edit item
          </a>
        )
      }
    >
      <p className="item-meta">
        SKU {item.sku} · Shelf {item.location}
        {item.barcode !== null && ` · Barcode ${item.barcode}`}
        {item.lowStockThreshold !== null &&
          ` · Low stock at ${formatCount(item.lowStockThreshold)}`}
        {isLowStock(item) && <span className="low-badge">Low stock</span>}
      </p>
      {item.archived && (
        <p className="explain">
          This item is archived: it is no longer in the item list, and stock changes to it are
          refused.
        </p>
      )}
      <div className="card quantity-card">
        <p className="quantity">
          <span id="confirmed-quantity-label" className="quantity__label">
            Confirmed quantity
          </span>
          <output className="quantity__value" aria-labelledby="confirmed-quantity-label">
            {formatCount(item.quantity)}
          </output>
        </p>
        {item.pendingDelta !== 0 && (
          <p className="quantity__pending">
            {formatDelta(item.pendingDelta)} pending on this device
          </p>
        )}
        {item.pendingCount != null && (
          <p className="quantity__pending">
            Count of {formatCount(item.pendingCount)} pending on this device
          </p>
        )}
        <p className="quantity__revision">Revision {formatCount(item.revision)}</p>
      </div>
      <AdjustForm item={item} />
      <CountForm item={item} />
      <section className="card stack" aria-labelledby="device-ops-heading">
        <h2 id="device-ops-heading">This device&apos;s changes</h2>
        {deviceOps.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <OperationList operations={deviceOps} now={now} />
        )}
      </section>
      <ItemHistory itemId={item.id} revision={item.revision} deviceOperationIds={deviceOpIds} />
    </Screen>
  );
}
