import { describe, expect, it } from 'vitest';
import { defaultPaper, sheets } from './paper';

describe('the label sheet’s paper', () => {
  it('is Letter where the language names a Letter country, A4 elsewhere', () => {
    expect(defaultPaper('en-US')).toBe('letter');
    expect(defaultPaper('en')).toBe('letter');
    expect(defaultPaper('fr-CA')).toBe('letter');
    expect(defaultPaper('en-GB')).toBe('a4');
    expect(defaultPaper('de-DE')).toBe('a4');
    expect(defaultPaper('de')).toBe('a4');
    expect(defaultPaper('not a locale')).toBe('a4');
    expect(defaultPaper(undefined)).toBe('a4');
  });

  it('puts 24 labels on a page', () => {
    const labels = Array.from({ length: 50 }, (_, i) => i);
    expect(sheets(labels).map((page) => page.length)).toEqual([24, 24, 2]);
    expect(sheets([])).toEqual([]);
  });
});
