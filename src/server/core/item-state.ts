/** An item as the rules see it: what decide() reads and what an applied operation leaves. */
import type { ItemChangeField } from '../../protocol/schemas';

/** The item revision at which each catalogue field last changed; absent: as created. */
export type FieldRevisions = Partial<Record<ItemChangeField, number>>;

/**
 * The item's quantity at each place that holds or held it (docs/api.md#places). `quantity`
 * is always their total; a place without an entry holds none.
 */
export type StockByPlace = Readonly<Record<string, number>>;

export interface ItemState {
  id: string;
  sku: string;
  name: string;
  location: string;
  quantity: number;
  revision: number;
  barcode: string | null;
  lowStockThreshold: number | null;
  archived: boolean;
  fieldRevisions: FieldRevisions;
  stock: StockByPlace;
}
