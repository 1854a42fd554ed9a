/** English words for printing labels (docs/client.md#labels). */
import { pluralRules } from './plural';

const plural = pluralRules('en');

export const enLabels = {
  printLabels: 'Print labels',
  printPlaceLabels: 'Print place labels',
  itemsHeading: 'Item labels',
  placesHeading: 'Place labels',
  summary: (count: number, shown: string, sheetCount: number, sheets: string) =>
    `${shown} ${plural(count, 'label', 'labels')} on ${sheets} ${plural(sheetCount, 'sheet', 'sheets')} of 3 × 8.`,
  sheet: (n: string) => `Sheet ${n}`,
  paper: 'Paper',
  papers: { a4: 'A4', letter: 'US Letter' },
  scale: 'In the print dialog, keep the scale at 100%.',
  print: 'Print',
  close: 'Close',
  opening: 'Preparing the labels…',
  missing: 'The labels could not be loaded. Connect to the internet and try again.',
  noBarcode: 'No barcode: the SKU has characters a barcode cannot carry.',
  nothing: 'No items to print: the filters show none.',
};
