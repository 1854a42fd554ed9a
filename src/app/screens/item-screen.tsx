import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { OperationList } from '../components/operation-row';
import { NotOnDevice } from '../components/not-on-device';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { isLowStock } from '../low-stock';
import { href } from '../routes';
import { useNow } from '../use-now';
import { AdjustForm } from './adjust-form';
import { CountForm } from './count-form';
import { QuickAdjust } from './quick-adjust';
import { ItemHistory } from './item-history';
import { opItemId } from '../../protocol/op-item';
import { MoveStockForm } from './move-stock-form';
import { StockPerPlace } from './stock-per-place';
import { StockChart } from './stock-chart';

export function ItemScreen({ id }: { id: string }): ReactNode {
  const { items, operations, user } = useSnapshot();
  const now = useNow();
  const { t, format } = useI18n();
  const words = t.item;
  const item = items.find((i) => i.id === id);
  const deviceOps = useMemo(
    () => operations.filter((o) => opItemId(o.op) === id),
    [operations, id],
  );
  const deviceOpIds = useMemo(() => new Set(deviceOps.map((o) => o.id)), [deviceOps]);

  if (!item) {
    return <NotOnDevice what="item" />;
  }

  return (
    <Screen
      title={item.name}
      back={{ to: { name: 'items' }, label: words.back }}
      actions={
        user?.role === 'manager' && (
          <a className="button button--small" href={href({ name: 'edit-item', id: item.id })}>
            {words.edit}
          </a>
        )
      }
    >
      <p className="item-meta">
        {words.sku(item.sku)} · {words.shelf(item.location)}
        {item.barcode !== null && ` · ${words.barcode(item.barcode)}`}
        {item.lowStockThreshold !== null &&
          ` · ${words.lowAt(format.count(item.lowStockThreshold))}`}
        {isLowStock(item) && <span className="low-badge">{t.items.lowStock}</span>}
      </p>
      {item.archived && <p className="explain">{words.archived}</p>}
      <div className="card quantity-card">
        <p className="quantity">
          <span id="confirmed-quantity-label" className="quantity__label">
            {words.confirmedQuantity}
          </span>
          <output className="quantity__value" aria-labelledby="confirmed-quantity-label">
            {format.count(item.quantity)}
          </output>
        </p>
        {item.pendingDelta !== 0 && (
          <p className="quantity__pending">{words.pendingDelta(format.delta(item.pendingDelta))}</p>
        )}
        {item.pendingCount != null && (
          <p className="quantity__pending">{words.pendingCount(format.count(item.pendingCount))}</p>
        )}
      </div>
      <StockPerPlace item={item} />
      {!item.archived && <QuickAdjust item={item} />}
      <AdjustForm item={item} />
      <CountForm item={item} />
      {!item.archived && <MoveStockForm item={item} />}
      <StockChart item={item} />
      <section className="card stack" aria-labelledby="device-ops-heading">
        <h2 id="device-ops-heading">{words.deviceChanges}</h2>
        {deviceOps.length === 0 ? (
          <p>{words.noneYet}</p>
        ) : (
          <OperationList operations={deviceOps} now={now} />
        )}
      </section>
      <ItemHistory itemId={item.id} revision={item.revision} deviceOperationIds={deviceOpIds} />
    </Screen>
  );
}
