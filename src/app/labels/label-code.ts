/**
 * What a printed label's barcode carries (docs/client.md#labels): an item's own barcode in its
 * symbology (EAN-13, UPC-A or EAN-8 when its check digit is right, else Code 128 of its text),
 * failing that a Code 128 of its SKU; a place's `PLACE:<id>` as Code 128. Scanning a label gives
 * back exactly that text (scan-match.ts finds the item, placeLabel the place). Pure.
 */
import { placeLabelText } from '../scan/use-wedge-scan';
import { code128Modules } from './code128';
import { eanModules } from './ean';

export interface LabelCode {
  /** What a reader gives back. */
  text: string;
  /** '1' a bar, '0' a space, without quiet zones. */
  modules: string;
  /** Retail codes want quiet zones of 11 and 7 modules; Code 128 10 on each side. */
  symbology: 'ean' | 'code128';
}

function code128(text: string): LabelCode | null {
  const modules = code128Modules(text);
  return modules === null ? null : { text, modules, symbology: 'code128' };
}

/** The item's barcode, else its SKU; null when neither can be drawn (a character Code 128 lacks). */
export function itemLabelCode(item: { barcode?: string | null; sku: string }): LabelCode | null {
  const barcode = item.barcode?.trim() ?? '';
  if (barcode !== '') {
    const modules = eanModules(barcode);
    if (modules !== null) return { text: barcode, modules, symbology: 'ean' };
    const drawn = code128(barcode);
    if (drawn !== null) return drawn;
  }
  return code128(item.sku.trim());
}

export function placeLabelCode(placeId: string): LabelCode | null {
  return code128(placeLabelText(placeId));
}
