/**
 * The New item / Edit item forms, pure: reading and checking what was typed, the item id a new
 * item gets (derived from its SKU, else its name), and the changes an edit sends (only the
 * fields that differ from what the form was opened with).
 */
import {
  BARCODE_PATTERN,
  CreateItemOp,
  ITEM_ID_PATTERN,
  ItemChanges,
  type Item,
} from '../../protocol/schemas';
import { parseWholeNumber } from './whole-number';

export type ItemField =
  'name' | 'sku' | 'barcode' | 'location' | 'initialQuantity' | 'lowStockThreshold';

/** What the form holds, as typed. */
export type ItemFormValues = Record<ItemField, string>;

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  sku: '',
  barcode: '',
  location: '',
  initialQuantity: '0',
  lowStockThreshold: '',
};

export type FieldErrors = Partial<Record<ItemField, string>>;

/** The details every item has, checked; threshold null means "no low-stock warning". */
export interface ItemDetails {
  name: string;
  sku: string;
  barcode: string | null;
  location: string;
  lowStockThreshold: number | null;
}

/** What the form says about the other items on this device (a taken SKU or barcode). */
export interface Catalogue {
  /** Items on the device and items created here but not confirmed yet. */
  items: readonly Pick<Item, 'id' | 'sku' | 'barcode'>[];
}

const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function textField(value: string, label: string, max: number): string | null {
  const v = value.trim();
  if (v === '') return `Enter the ${label}.`;
  if (v.length > max) return `The ${label} is at most ${max} characters.`;
  if (CONTROL.test(v)) return `The ${label} contains characters that cannot be stored.`;
  return null;
}

export function readDetails(
  values: ItemFormValues,
  catalogue: Catalogue,
  self: string | null,
): { ok: true; value: ItemDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = textField(values.name, 'name', 200);
  if (name) errors.name = name;
  const sku = textField(values.sku, 'SKU', 64);
  if (sku) errors.sku = sku;
  const location = textField(values.location, 'shelf', 64);
  if (location) errors.location = location;
  const barcode = values.barcode.trim();
  if (barcode !== '' && !BARCODE_PATTERN.test(barcode)) {
    errors.barcode =
      'A barcode is 8–14 digits (EAN, UPC), or up to 64 letters, digits and signs (Code 128).';
  }
  let threshold: number | null = null;
  if (values.lowStockThreshold.trim() !== '') {
    const parsed = parseWholeNumber(values.lowStockThreshold, {
      min: 0,
      max: 1_000_000_000,
      what: 'the low-stock threshold',
    });
    if (parsed.ok) threshold = parsed.value;
    else errors.lowStockThreshold = parsed.message;
  }
  const others = catalogue.items.filter((i) => i.id !== self);
  if (!errors.sku && others.some((i) => i.sku === values.sku.trim())) {
    errors.sku = 'Another item already has this SKU.';
  }
  if (!errors.barcode && barcode !== '' && others.some((i) => i.barcode === barcode)) {
    errors.barcode = 'Another item already has this barcode.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: values.name.trim(),
      sku: values.sku.trim(),
      barcode: barcode === '' ? null : barcode,
      location: values.location.trim(),
      lowStockThreshold: threshold,
    },
  };
}

/** A slug of the SKU (else the name) that fits the itemId pattern: "LMP-010 / B" → "lmp-010-b". */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // "Ä" → "A": accents dropped, not turned into dashes
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

/** The new item's id: from its SKU, else its name, else "item"; "-2", "-3"… when taken. */
export function deriveItemId(sku: string, name: string, taken: ReadonlySet<string>): string {
  const base = slug(sku) || slug(name) || 'item';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${base.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(id) && ITEM_ID_PATTERN.test(id)) return id;
  }
}

export function readNewItem(
  values: ItemFormValues,
  catalogue: Catalogue,
): { ok: true; value: Omit<CreateItemOp, 'type'> } | { ok: false; errors: FieldErrors } {
  const details = readDetails(values, catalogue, null);
  const quantity = parseWholeNumber(values.initialQuantity, {
    min: 0,
    max: 1_000_000_000,
    what: 'the starting quantity',
  });
  if (!details.ok || !quantity.ok) {
    return {
      ok: false,
      errors: {
        ...(details.ok ? {} : details.errors),
        ...(quantity.ok ? {} : { initialQuantity: quantity.message }),
      },
    };
  }
  const d = details.value;
  const itemId = deriveItemId(d.sku, d.name, new Set(catalogue.items.map((i) => i.id)));
  const op = {
    type: 'createItem' as const,
    itemId,
    sku: d.sku,
    name: d.name,
    location: d.location,
    initialQuantity: quantity.value,
    ...(d.barcode !== null ? { barcode: d.barcode } : {}),
    ...(d.lowStockThreshold !== null ? { lowStockThreshold: d.lowStockThreshold } : {}),
  };
  // The shared schema has the last word (e.g. text the server would refuse).
  const checked = CreateItemOp.safeParse(op);
  if (!checked.success)
    return {
      ok: false,
      errors: { name: checked.error.issues[0]?.message ?? 'Check the details.' },
    };
  const { type: _type, ...input } = checked.data;
  return { ok: true, value: input };
}

/** The form of an existing item, as it is now. */
export function formOf(item: Pick<Item, keyof ItemDetails>): ItemFormValues {
  return {
    name: item.name,
    sku: item.sku,
    barcode: item.barcode ?? '',
    location: item.location,
    initialQuantity: '',
    lowStockThreshold: item.lowStockThreshold === null ? '' : String(item.lowStockThreshold),
  };
}

/**
 * The changes an edit sends: only the fields that differ from the item as the form was opened
 * (so a concurrent edit of another field never conflicts), or a message when there are none or
 * when the barcode would be removed (the API can replace a barcode, not remove it).
 */
export function changesOf(
  before: ItemDetails,
  after: ItemDetails,
): { ok: true; value: ItemChanges } | { ok: false; message: string } {
  const changes: ItemChanges = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.sku !== before.sku) changes.sku = after.sku;
  if (after.location !== before.location) changes.location = after.location;
  if (after.lowStockThreshold !== before.lowStockThreshold) {
    changes.lowStockThreshold = after.lowStockThreshold;
  }
  if (after.barcode !== before.barcode) {
    if (after.barcode === null) {
      return {
        ok: false,
        message: 'A barcode can be replaced but not removed. Enter the new barcode.',
      };
    }
    changes.barcode = after.barcode;
  }
  if (Object.keys(changes).length === 0) return { ok: false, message: 'Nothing was changed.' };
  return { ok: true, value: changes };
}

/** The details of an item as stored (for `changesOf`). */
export function detailsOf(item: Pick<Item, keyof ItemDetails>): ItemDetails {
  return {
    name: item.name,
    sku: item.sku,
    barcode: item.barcode,
    location: item.location,
    lowStockThreshold: item.lowStockThreshold,
  };
}

/** The form's values from a create operation (Enter again as new). */
export function formOfCreate(op: Omit<CreateItemOp, 'type' | 'itemId'>): ItemFormValues {
  return {
    name: op.name,
    sku: op.sku,
    barcode: op.barcode ?? '',
    location: op.location,
    initialQuantity: String(op.initialQuantity),
    lowStockThreshold: op.lowStockThreshold === undefined ? '' : String(op.lowStockThreshold),
  };
}
