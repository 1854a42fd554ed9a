/** German words for printing labels (docs/client.md#labels). */
import type { enLabels } from './en-labels';
import { pluralRules } from './plural';

const plural = pluralRules('de');

export const deLabels: typeof enLabels = {
  printLabels: 'Etiketten drucken',
  printPlaceLabels: 'Ortsetiketten drucken',
  itemsHeading: 'Artikeletiketten',
  placesHeading: 'Ortsetiketten',
  summary: (count: number, shown: string, sheetCount: number, sheets: string) =>
    `${shown} ${plural(count, 'Etikett', 'Etiketten')} auf ${sheets} ${plural(sheetCount, 'Bogen', 'Bögen')} zu 3 × 8.`,
  sheet: (n: string) => `Bogen ${n}`,
  paper: 'Papier',
  papers: { a4: 'A4', letter: 'US-Letter' },
  scale: 'Im Druckdialog die Skalierung auf 100 % lassen.',
  print: 'Drucken',
  close: 'Schließen',
  opening: 'Die Etiketten werden vorbereitet…',
  missing:
    'Die Etiketten konnten nicht geladen werden. Verbinde dich mit dem Internet und versuche es erneut.',
  noBarcode:
    'Kein Strichcode: Die Artikelnummer enthält Zeichen, die ein Strichcode nicht tragen kann.',
  nothing: 'Keine Artikel zum Drucken: Die Filter zeigen keine.',
};
