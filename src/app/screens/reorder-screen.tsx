import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { formatCount, formatQuantityWithPending } from '../format';
import { reorderCsv, reorderList } from '../low-stock';
import { href } from '../routes';

/** Hands the CSV to the person as a file; made on the device, so it works offline. */
export function download(name: string, text: string): void {
  // A byte order mark, so spreadsheet programs read the UTF-8 names right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The reorder list: items at or below their threshold (confirmed plus pending), emptiest first. */
export function ReorderScreen(): ReactNode {
  const { items } = useSnapshot();
  const list = useMemo(() => reorderList(items), [items]);
  return (
    <Screen title="Reorder list">
      <p>
        {list.length === 0
          ? 'No item is at or below its low-stock threshold.'
          : `${formatCount(list.length)} ${list.length === 1 ? 'item is' : 'items are'} at or below the low-stock threshold, counting changes not yet confirmed.`}
      </p>
      {list.length > 0 && (
        <>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Shelf</th>
                <th scope="col">Quantity</th>
                <th scope="col">Threshold</th>
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
                  <td>{i.location}</td>
                  <td>{formatQuantityWithPending(i.quantity, i.pendingDelta)}</td>
                  <td>{formatCount(i.lowStockThreshold ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="button"
            onClick={() => download('stockroom-reorder.csv', reorderCsv(list))}
          >
            Download reorder list (CSV)
          </button>
        </>
      )}
      <a className="button" href={href({ name: 'items' })}>
        Back to items
      </a>
    </Screen>
  );
}
