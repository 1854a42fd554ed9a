import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ItemView } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { buildItemIndex, filterItems, shelvesOf } from '../items-filter';
import { isLowStock } from '../low-stock';
import { href } from '../routes';
import { Screen } from '../components/screen';
import { useWindowedRows } from '../use-windowed-rows';
import { PendingNewItems } from './pending-new-items';
import { MAIN_PLACE } from '../../protocol/schemas';
import { itemsAtPlace } from '../places/at-place';
import { knownPlaces, placeName } from '../places/place-names';
import { usePlaces } from '../places/use-places';
import { ALL_PLACES, chooseThePlace, useChosenPlace } from '../places/use-chosen-place';
import { matchScan } from '../scan/scan-match';
import { placeLabel, takePendingSearch, useWedgeTarget } from '../scan/use-wedge-scan';
import { navigate } from '../use-route';
import { itemsCsv } from '../import/items-csv';
import { download } from '../download';
import { FormProblem } from '../components/form-problem';
import { MoreActions } from '../components/more-actions';
import { PrintLabels, usePrintView } from '../labels/print-labels';

/**
 * The scanner (and its reader) load only when opened: the first screens stay small. Should its
 * file be missing (an old tab after an update), the typed path still works.
 */
const ScanPanel = lazy(() =>
  import('../scan/scan-panel').catch(() => ({ default: ScannerMissing })),
);

function ScannerMissing(): ReactNode {
  return <FormProblem>{useI18n().t.items.scannerMissing}</FormProblem>;
}

/** A typed (or scanned) code no item has: EAN/UPC digits, offered as a new item's barcode. */
function looksLikeBarcode(query: string): boolean {
  return /^\d{8,14}$/.test(query.trim());
}

/** Must match `--item-row-height` in styles.css: windowing needs a fixed row height. */
const ROW_HEIGHT = 72;

function ItemRow({
  item,
  index,
  total,
}: {
  item: ItemView;
  index: number;
  total: number;
}): ReactNode {
  const { t, format } = useI18n();
  const pendingCount = item.pendingCount ?? null;
  const pending = item.pendingDelta !== 0 || pendingCount !== null;
  return (
    <li className="item-row" aria-posinset={index + 1} aria-setsize={total}>
      <a className="item-row__link" href={href({ name: 'item', id: item.id })} dir="auto">
        {item.name}
      </a>
      <span className="item-row__meta">
        {item.sku} · {t.items.shelf(item.location)}
        {isLowStock(item) && <span className="low-badge">{t.items.lowStock}</span>}
      </span>
      <span className={`item-row__qty${pending ? ' item-row__qty--pending' : ''}`}>
        {format.quantityWithPending(item.quantity, item.pendingDelta, pendingCount)}
      </span>
    </li>
  );
}

function ItemList({ items }: { items: readonly ItemView[] }): ReactNode {
  const { t } = useI18n();
  const listRef = useRef<HTMLUListElement>(null);
  const { start, end } = useWindowedRows(listRef, items.length, ROW_HEIGHT);
  return (
    <ul
      ref={listRef}
      className="item-list"
      aria-label={t.items.list}
      style={{ height: items.length * ROW_HEIGHT, paddingTop: start * ROW_HEIGHT }}
    >
      {items.slice(start, end).map((item, i) => (
        <ItemRow key={item.id} item={item} index={start + i} total={items.length} />
      ))}
    </ul>
  );
}

/** Nothing found: say what was searched, and offer the way out. */
function NoResults(props: {
  query: string;
  onClearSearch: () => void;
  onClearFilters: () => void;
}): ReactNode {
  const { t } = useI18n();
  const query = props.query.trim();
  return (
    <div className="no-results card">
      <p className="explain">{query ? t.items.noMatch(query) : t.items.noMatchFilters}</p>
      <button
        type="button"
        className="button"
        onClick={query ? props.onClearSearch : props.onClearFilters}
      >
        {query ? t.items.clearSearch : t.items.clearFilters}
      </button>
    </div>
  );
}

export function ItemsScreen(): ReactNode {
  const { items: all, user } = useSnapshot();
  const places = usePlaces();
  const { t, format } = useI18n();
  const words = t.items;
  const [query, setQuery] = useState('');
  const [shelf, setShelf] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const { chosen } = useChosenPlace();
  const choices = useMemo(() => knownPlaces(places), [places]);
  // A chosen place archived since (or unknown here) shows every place.
  const place = chosen === ALL_PLACES || choices.some((p) => p.id === chosen) ? chosen : ALL_PLACES;
  // Archived items leave the list (their history and the CSV keep them). At a place, each item
  // shows that place's quantity, and low stock means that place.
  const items = useMemo(
    () =>
      itemsAtPlace(
        all.filter((i) => !i.archived),
        place,
      ),
    [all, place],
  );
  const index = useMemo(() => buildItemIndex(items), [items]);
  const shelves = useMemo(() => shelvesOf(items), [items]);
  // Typing stays responsive while a long list re-filters in the background.
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => {
    const found = filterItems(index, deferredQuery, shelf);
    return lowOnly ? found.filter(isLowStock) : found;
  }, [index, deferredQuery, shelf, lowOnly]);
  const manager = user?.role === 'manager';
  const [scanning, setScanning] = useState(false);
  const labels = usePrintView();
  const closeScanner = useCallback(() => setScanning(false), []);
  const showCode = useCallback((code: string) => {
    setQuery(code);
    setScanning(false);
  }, []);
  // A wedge scanner's code (here, or on a screen with no use for it): a place label sets the
  // Place; one item opens; else it is searched.
  const onScan = (code: string) => {
    const placeId = placeLabel(code);
    if (placeId !== null) return chooseThePlace(placeId);
    const match = matchScan(all, code);
    if (match.kind === 'one') navigate(href({ name: 'item', id: match.item.id }));
    else showCode(code);
  };
  useWedgeTarget(onScan);
  const pending = useRef(takePendingSearch());
  useEffect(() => {
    const code = pending.current;
    pending.current = null;
    if (code !== null) onScan(code);
    // Once, when Items opens with a code scanned elsewhere.
  }, []);

  return (
    <Screen
      title={words.title}
      actions={
        <div className="fix-actions">
          <button
            type="button"
            className="button button--small"
            aria-expanded={scanning}
            onClick={() => setScanning(true)}
          >
            {words.scan}
          </button>
          <a className="button button--small" href={href({ name: 'delivery' })}>
            {t.delivery.receive}
          </a>
          <MoreActions>
            {manager && (
              <a className="button button--small" href={href({ name: 'new-item', barcode: null })}>
                {words.newItem}
              </a>
            )}
            {manager && (
              <a className="button button--small" href={href({ name: 'import' })}>
                {words.importItems}
              </a>
            )}
            {manager && (
              <button
                ref={labels.button}
                type="button"
                className="button button--small"
                onClick={labels.show}
              >
                {t.labels.printLabels}
              </button>
            )}
            <a className="button button--small" href={href({ name: 'reorder' })}>
              {words.reorderList}
            </a>
            <button
              type="button"
              className="button button--small"
              onClick={() => download('stockroom-items.csv', itemsCsv(all))}
            >
              {words.downloadItems}
            </button>
          </MoreActions>
        </div>
      }
    >
      <div className="filters" role="search">
        <label className="field field--grow">
          <span>{words.search}</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={words.searchPlaceholder}
            autoComplete="off"
          />
        </label>
        <label className="field">
          <span>{words.shelfFilter}</span>
          <select value={shelf} onChange={(e) => setShelf(e.target.value)}>
            <option value="">{words.allShelves}</option>
            {shelves.map((s) => (
              <option key={s} value={s}>
                {words.shelf(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t.places.place}</span>
          <select value={place} onChange={(e) => chooseThePlace(e.target.value)}>
            <option value={ALL_PLACES}>{t.places.allPlaces}</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={lowOnly} onChange={(e) => setLowOnly(e.target.checked)} />
          <span>{words.lowStock}</span>
        </label>
      </div>
      {scanning && (
        <Suspense fallback={<p role="status">{words.openingScanner}</p>}>
          <ScanPanel manager={manager} onMany={showCode} onClose={closeScanner} />
        </Suspense>
      )}
      {labels.open && (
        <PrintLabels source={{ kind: 'items', items: shown }} onClose={labels.close} />
      )}
      <PendingNewItems />
      <p className="result-count" role="status">
        {items.length === 0
          ? words.noneOnDevice
          : words.showing(format.count(shown.length), format.count(items.length))}
      </p>
      <p className="hint">
        {place === ALL_PLACES
          ? t.places.allPlacesNote(placeName(places, MAIN_PLACE))
          : t.places.quantitiesAt(placeName(places, place))}
      </p>
      {items.length > 0 && shown.length === 0 && (
        <NoResults
          query={deferredQuery}
          onClearSearch={() => setQuery('')}
          onClearFilters={() => {
            setShelf('');
            setLowOnly(false);
          }}
        />
      )}
      {manager && shown.length === 0 && looksLikeBarcode(deferredQuery) && (
        <a className="button" href={href({ name: 'new-item', barcode: deferredQuery.trim() })}>
          {words.newWithBarcode}
        </a>
      )}
      <ItemList items={shown} />
    </Screen>
  );
}
