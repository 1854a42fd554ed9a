/**
 * An item as both adapters store it (snake_case columns) and the shapes the rest of the server
 * uses: the rules' `ItemState` and the wire's `Item`. One mapping, so SQLite and PostgreSQL agree.
 */
import type { Item, PlaceStock } from '../../protocol/schemas';
import type { FieldRevisions, ItemState, StockByPlace } from '../core/item-state';

export interface ItemColumns {
  id: string;
  sku: string;
  name: string;
  location: string;
  quantity: number;
  revision: number;
  barcode: string | null;
  low_stock_threshold: number | null;
  /** SQLite stores 0/1, PostgreSQL a boolean. */
  archived: boolean | number;
  /** JSON written by `catalogueColumns` only. */
  field_revisions: string;
  /** JSON `{ placeId: quantity }` written by `stockColumn` only (docs/api.md#places). */
  stock: string;
}

export function itemState(row: ItemColumns): ItemState {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    location: row.location,
    quantity: row.quantity,
    revision: row.revision,
    barcode: row.barcode,
    lowStockThreshold: row.low_stock_threshold,
    archived: row.archived === true || row.archived === 1,
    fieldRevisions: JSON.parse(row.field_revisions) as FieldRevisions,
    stock: JSON.parse(row.stock) as StockByPlace,
  };
}

/** The wire's stock list: every place that holds or held the item, by place id. */
export function stockList(stock: StockByPlace): PlaceStock[] {
  return Object.keys(stock)
    .sort()
    .map((placeId) => ({ placeId, quantity: stock[placeId] ?? 0 }));
}

/** The `stock` column of an item about to be written (keys sorted: one text per state). */
export function stockColumn(item: ItemState): string {
  return JSON.stringify(
    Object.fromEntries(stockList(item.stock).map((s) => [s.placeId, s.quantity])),
  );
}

export function wireItem(row: ItemColumns, updatedAt: number): Item {
  const s = itemState(row);
  return {
    id: s.id,
    sku: s.sku,
    name: s.name,
    location: s.location,
    quantity: s.quantity,
    revision: s.revision,
    updatedAt: new Date(updatedAt).toISOString(),
    barcode: s.barcode,
    lowStockThreshold: s.lowStockThreshold,
    archived: s.archived,
    stock: stockList(s.stock),
  };
}

/** The catalogue columns of an item about to be written. */
export function catalogueColumns(item: ItemState): {
  barcode: string | null;
  lowStockThreshold: number | null;
  fieldRevisions: string;
} {
  return {
    barcode: item.barcode,
    lowStockThreshold: item.lowStockThreshold,
    fieldRevisions: JSON.stringify(item.fieldRevisions),
  };
}
