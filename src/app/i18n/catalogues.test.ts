import { describe, expect, it } from 'vitest';
import {
  catalogueLoad,
  loadCatalogue,
  loadedCatalogues,
  subscribeToCatalogues,
} from './catalogues';
import { de } from './de';
import { en } from './en';

describe('the message catalogues', () => {
  it('load each catalogue once, when asked, telling subscribers', async () => {
    const first = loadedCatalogues();
    expect(first).toEqual({});
    let told = 0;
    const unsubscribe = subscribeToCatalogues(() => (told += 1));
    const [a, b] = await Promise.all([loadCatalogue('de'), loadCatalogue('de')]);
    expect([a, b]).toEqual([true, true]);
    expect(told).toBe(1);
    expect(loadedCatalogues()).not.toBe(first);
    expect(loadedCatalogues().de).toBe(de);
    expect(await loadCatalogue('de')).toBe(true);
    expect(await catalogueLoad('en')).toBe(true);
    expect(loadedCatalogues().en).toBe(en);
    expect(told).toBe(2);
    expect(await loadCatalogue('en')).toBe(true);
    expect(told).toBe(2);
    unsubscribe();
  });

  it("keep one item's count apart from a stock-take of many: the count's own words never name the stock-take", () => {
    for (const catalogue of [en, de]) {
      const stocktake = catalogue.nav.stocktakes.replace(/e?n$|s$/, '');
      expect(catalogue.count.heading).not.toContain(stocktake);
      expect(catalogue.entryTypes.count).not.toContain(stocktake);
    }
  });
});
