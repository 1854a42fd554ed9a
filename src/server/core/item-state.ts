/** An item as the rules see it: what decide() reads and what an applied operation leaves. */
import type { ItemChangeField } from '../../protocol/schemas';

/** The item revision at which each catalogue field last changed; absent: as created. */
export type FieldRevisions = Partial<Record<ItemChangeField, number>>;

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
}
