/**
 * The `updateItem` rule, pure: which fields an edit really changes, and whether one of them was
 * also changed by someone else after the revision the editor saw (`stale-edit`). Only fields whose
 * value differs count: setting a field to the value it already has never conflicts.
 */
import { ITEM_CHANGE_FIELDS, type ItemChangeField, type ItemChanges } from '../../protocol/schemas';
import type { ItemState } from './item-state';

type FieldValue = string | number | null;

export interface FieldEdit {
  field: ItemChangeField;
  from: FieldValue;
  to: FieldValue;
}

export type EditResult =
  | { kind: 'stale'; fields: ItemChangeField[] }
  | { kind: 'edit'; edits: FieldEdit[]; values: EditedValues };

type EditedValues = Partial<Pick<ItemState, ItemChangeField>>;

export function editItem(
  item: ItemState,
  basedOnRevision: number,
  changes: ItemChanges,
): EditResult {
  const edits: FieldEdit[] = [];
  for (const field of ITEM_CHANGE_FIELDS) {
    const to = changes[field];
    if (to === undefined || to === item[field]) continue;
    edits.push({ field, from: item[field], to });
  }
  const stale = edits
    .map((e) => e.field)
    .filter((field) => (item.fieldRevisions[field] ?? 0) > basedOnRevision);
  if (stale.length > 0) return { kind: 'stale', fields: stale };
  // Each `to` came from `changes[field]`, so the entries have that field's type.
  const values = Object.fromEntries(edits.map((e) => [e.field, e.to])) as EditedValues;
  return { kind: 'edit', edits, values };
}

/** The field names people see (docs/client.md#accessible-names, the New item / Edit item forms). */
const FIELD_WORDS: Record<ItemChangeField, string> = {
  name: 'Name',
  sku: 'SKU',
  barcode: 'Barcode',
  location: 'Shelf',
  lowStockThreshold: 'Low-stock threshold',
};

/** The history note of an edit: `SKU: LMP-14 → LMP-15; Shelf: A1 → B2` (`none` for no value). */
export function describeEdits(edits: readonly FieldEdit[]): string {
  if (edits.length === 0) return 'No details changed';
  const value = (v: FieldValue) => (v === null ? 'none' : String(v));
  return edits.map((e) => `${FIELD_WORDS[e.field]}: ${value(e.from)} → ${value(e.to)}`).join('; ');
}
