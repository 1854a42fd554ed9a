/**
 * Stock over time (docs/client.md#stock-over-time): an item's total and its quantity at each place
 * as step series over the last days, worked out backwards from the confirmed quantities through
 * the history entries the device has (newest first, as the server pages them). Pure.
 */
import { MAIN_PLACE } from '../../protocol/schemas';
import {
  DAY_MS,
  WINDOW_DAYS,
  type ItemQuantities,
  type StockEntry,
  type StockHistory,
} from './stock-history';

/** From `at` on, until the next step: the total and the quantity at each place. */
export interface StockStep {
  at: number;
  total: number;
  places: Readonly<Record<string, number>>;
}

export interface StockOverTime {
  /** Where the series start: the window's start, or the oldest change the device has. */
  from: number;
  to: number;
  /** Whether the device's history reaches back to the window's start. */
  complete: boolean;
  /** Every place the item was at in the window, `main` first, then as the item lists them. */
  placeIds: string[];
  /** Oldest first: the state at `from`, then one step per moment the stock changed. */
  steps: StockStep[];
  /** The step of the newest change in the window; null when nothing changed in it. */
  latest: number | null;
}

/** The place an entry changed: a server before places sent none, and kept all stock at `main`. */
function entryPlace(entry: StockEntry): string | null {
  if (entry.delta === 0) return null;
  return entry.placeId ?? MAIN_PLACE;
}

export function stockOverTime(
  item: Omit<ItemQuantities, 'revision'>,
  history: StockHistory,
  now: number,
  days = WINDOW_DAYS,
): StockOverTime {
  const changes = history.entries
    .map((entry) => ({ entry, at: Date.parse(entry.recordedAt), place: entryPlace(entry) }))
    .filter((c): c is typeof c & { place: string } => c.place !== null && !Number.isNaN(c.at));
  const to = Math.max(now, ...changes.map((c) => c.at));
  const start = to - days * DAY_MS;
  const inWindow = changes.filter((c) => c.at >= start);
  const oldest = history.entries.at(-1);
  const complete = !history.more || (oldest !== undefined && Date.parse(oldest.recordedAt) < start);

  const stock = item.stock ?? [{ placeId: MAIN_PLACE, quantity: item.quantity }];
  const order = [MAIN_PLACE, ...stock.map((s) => s.placeId), ...inWindow.map((c) => c.place)];
  let places: Record<string, number> = Object.fromEntries(order.map((id) => [id, 0]));
  for (const s of stock) places[s.placeId] = s.quantity;
  let total = item.quantity;

  // Backwards from now: each moment's step holds the state after every change made at it.
  const backwards: StockStep[] = [];
  for (const { entry, at, place } of inWindow) {
    if (backwards.at(-1)?.at !== at) backwards.push({ at, total, places });
    total -= entry.delta;
    places = { ...places, [place]: (places[place] ?? 0) - entry.delta };
  }
  // Without the whole window, the series start at the oldest change the device has.
  const since = complete ? start : oldest ? Math.max(start, Date.parse(oldest.recordedAt)) : to;
  const before = complete || backwards.length === 0 ? [{ at: since, total, places }] : [];
  const steps = [...before, ...backwards.reverse()];
  const placeIds = [...new Set(order)].filter(
    (id) => inWindow.some((c) => c.place === id) || steps.some((s) => s.places[id] !== 0),
  );
  return {
    from: steps[0]?.at ?? start,
    to,
    complete,
    placeIds: placeIds.length > 0 ? placeIds : [MAIN_PLACE],
    steps,
    latest: backwards.length > 0 ? steps.length - 1 : null,
  };
}
