/**
 * The label sheet's paper (docs/client.md#labels): A4 or US Letter, 3 × 8 labels a page, Letter
 * where the browser's language says a country that uses it. Pure.
 */
export const PAPERS = ['a4', 'letter'] as const;
export type Paper = (typeof PAPERS)[number];

export const LABELS_PER_PAGE = 24;

/** The countries of the Americas that print on Letter (CLDR's paperSize data). */
const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PR',
  'CL',
  'CO',
  'VE',
  'GT',
  'SV',
  'NI',
  'CR',
  'PA',
  'DO',
  'PH',
  'BZ',
]);

/** Letter for `en-US`, `es-MX`, `fr-CA`, plain `en` (United States by default); A4 otherwise. */
export function defaultPaper(locale: string | undefined): Paper {
  try {
    const region = new Intl.Locale(locale ?? '').maximize().region;
    return region !== undefined && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

/** The labels in pages of 24. */
export function sheets<T>(labels: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let at = 0; at < labels.length; at += LABELS_PER_PAGE) {
    pages.push(labels.slice(at, at + LABELS_PER_PAGE));
  }
  return pages;
}
