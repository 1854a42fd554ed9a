/**
 * The New item / Edit item forms, pure: reading and checking what was typed, the item id a new
 * item gets (derived from its SKU, else its name), and the changes an edit sends (only the
 * fields that differ from what the form was opened with).
 */
import { textFault } from '../../protocol/text';
import {
  BARCODE_PATTERN,
  CreateItemOp,
  ITEM_ID_PATTERN,
  ItemChanges,
  type Item,
} from '../../protocol/schemas';
import { parseWholeNumber } from './whole-number';
import { en, type Messages } from '../i18n/en';

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

/**
 * The first character the server's text rule refuses (protocol/text.ts, the same rule: a joiner
 * in 👩‍💻 is allowed, a bidi override is not), as "U+202E"; null when the text can be stored.
 */
export function refusedCharacter(value: string): string | null {
  if (textFault(value, true) === null) return null;
  for (const ch of value) {
    if (textFault(ch, true) !== null) {
      const code = ch.codePointAt(0) ?? 0;
      return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
  return null;
}

/** The form's words: the catalogue's `forms` and `wholeNumber` (English unless given). */
export interface FormWords {
  forms: Messages['forms'];
  wholeNumber: Messages['wholeNumber'];
  count?: (n: number) => string;
}

const ENGLISH: FormWords = { forms: en.forms, wholeNumber: en.wholeNumber };

function textField(value: string, label: string, max: number, w: FormWords): string | null {
  const v = value.trim();
  if (v === '') return w.forms.missing(label);
  if (v.length > max) return w.forms.tooLong(label, (w.count ?? String)(max));
  const refused = refusedCharacter(v);
  if (refused) return w.forms.refusedCharacter(label, refused);
  return null;
}

export function readDetails(
  values: ItemFormValues,
  catalogue: Catalogue,
  self: string | null,
  w: FormWords = ENGLISH,
): { ok: true; value: ItemDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const named = w.forms.named;
  const name = textField(values.name, named.name, 200, w);
  if (name) errors.name = name;
  const sku = textField(values.sku, named.sku, 64, w);
  if (sku) errors.sku = sku;
  const location = textField(values.location, named.location, 64, w);
  if (location) errors.location = location;
  const barcode = values.barcode.trim();
  if (barcode !== '' && !BARCODE_PATTERN.test(barcode)) {
    errors.barcode = w.forms.badBarcode;
  }
  let threshold: number | null = null;
  if (values.lowStockThreshold.trim() !== '') {
    const parsed = parseWholeNumber(values.lowStockThreshold, {
      min: 0,
      max: 1_000_000_000,
      what: named.lowStockThreshold,
      words: w.wholeNumber,
      ...(w.count ? { count: w.count } : {}),
    });
    if (parsed.ok) threshold = parsed.value;
    else errors.lowStockThreshold = parsed.message;
  }
  const others = catalogue.items.filter((i) => i.id !== self);
  if (!errors.sku && others.some((i) => i.sku === values.sku.trim())) {
    errors.sku = w.forms.skuTaken;
  }
  if (!errors.barcode && barcode !== '' && others.some((i) => i.barcode === barcode)) {
    errors.barcode = w.forms.barcodeTaken;
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
  w: FormWords = ENGLISH,
): { ok: true; value: Omit<CreateItemOp, 'type'> } | { ok: false; errors: FieldErrors } {
  const details = readDetails(values, catalogue, null, w);
  const quantity = parseWholeNumber(values.initialQuantity, {
    min: 0,
    max: 1_000_000_000,
    what: w.forms.named.initialQuantity,
    words: w.wholeNumber,
    ...(w.count ? { count: w.count } : {}),
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
      errors: { name: checked.error.issues[0]?.message ?? w.forms.checkDetails },
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
  w: FormWords = ENGLISH,
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
      return { ok: false, message: w.forms.barcodeNotRemovable };
    }
    changes.barcode = after.barcode;
  }
  if (Object.keys(changes).length === 0) return { ok: false, message: w.forms.nothingChanged };
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
