/**
 * The item's stock per place (docs/client.md#places): each place that holds or held it, its
 * confirmed quantity and this device's pending change there.
 */
import type { ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { MAIN_PLACE } from '../../protocol/schemas';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { placeName } from '../places/place-names';

export function StockPerPlace({ item }: { item: ItemView }): ReactNode {
  const { places } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.places;
  const stock = item.stock ?? [{ placeId: MAIN_PLACE, quantity: item.quantity }];
  const pending = item.pendingByPlace ?? {};
  const ids = [...new Set([...stock.map((s) => s.placeId), ...Object.keys(pending)])];
  return (
    <section className="card stack" aria-labelledby="stock-places-heading">
      <h2 id="stock-places-heading">{words.stockHeading}</h2>
      <ul aria-labelledby="stock-places-heading">
        {ids.map((id) => {
          const quantity = stock.find((s) => s.placeId === id)?.quantity ?? 0;
          const delta = pending[id] ?? 0;
          return (
            <li key={id}>
              {words.stockRow(placeName(places, id), format.count(quantity))}
              {delta !== 0 && ` · ${words.pendingAt(format.delta(delta))}`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
