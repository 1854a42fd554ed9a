import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { useI18n } from '../i18n/i18n-context';
import { reorderCsv, reorderList } from '../low-stock';
import { href } from '../routes';
import { download } from '../download';

/** The reorder list: items at or below their threshold (confirmed plus pending), emptiest first. */
export function ReorderScreen(): ReactNode {
  const { items } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.reorder;
  const list = useMemo(() => reorderList(items), [items]);
  return (
    <Screen title={words.title}>
      <p>{list.length === 0 ? words.none : words.some(list.length, format.count(list.length))}</p>
      {list.length > 0 && (
        <>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{words.item}</th>
                <th scope="col">{words.shelf}</th>
                <th scope="col">{words.quantity}</th>
                <th scope="col">{words.threshold}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((i) => (
                <tr key={i.id}>
                  <th scope="row">
                    <a href={href({ name: 'item', id: i.id })}>{i.name}</a>
                    <br />
                    <span className="hint">{i.sku}</span>
                  </th>
                  <td data-label={words.shelf}>{i.location}</td>
                  <td data-label={words.quantity}>
                    {format.quantityWithPending(i.quantity, i.pendingDelta)}
                  </td>
                  <td data-label={words.threshold}>{format.count(i.lowStockThreshold ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="button"
            onClick={() => download('stockroom-reorder.csv', reorderCsv(list))}
          >
            {words.download}
          </button>
        </>
      )}
      <a className="button" href={href({ name: 'items' })}>
        {words.back}
      </a>
    </Screen>
  );
}
