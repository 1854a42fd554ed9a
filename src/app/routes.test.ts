import { describe, expect, it } from 'vitest';
import { href, parseHash, trimSlashes, type Route } from './routes';

describe('routes', () => {
  it('parses every screen', () => {
    expect(parseHash('')).toEqual({ name: 'items' });
    expect(parseHash('#/items')).toEqual({ name: 'items' });
    expect(parseHash('#/items/lamp-14')).toEqual({ name: 'item', id: 'lamp-14' });
    expect(parseHash('#/activity/L7f3k.42')).toEqual({ name: 'operation', handle: 'L7f3k.42' });
    expect(parseHash('#/review')).toEqual({ name: 'review' });
    expect(parseHash('#/settings/')).toEqual({ name: 'settings' });
    expect(parseHash('#/tester')).toEqual({ name: 'tester' });
    expect(parseHash('#/activity/L7f3k.42/again')).toEqual({ name: 'enter-again', id: 'L7f3k.42' });
    expect(parseHash('#/new-item')).toEqual({ name: 'new-item', barcode: null });
    expect(parseHash('#/new-item/4006381333931')).toEqual({
      name: 'new-item',
      barcode: '4006381333931',
    });
    expect(parseHash('#/items/new')).toEqual({ name: 'item', id: 'new' });
    expect(parseHash('#/items/lamp-14/edit')).toEqual({ name: 'edit-item', id: 'lamp-14' });
    expect(parseHash('#/reorder')).toEqual({ name: 'reorder' });
    expect(parseHash('#/import')).toEqual({ name: 'import' });
  });

  // The old /^\/+|\/+$/g took ~3.5 s for 100,000 slashes and ~14 s for 200,000 (quadratic): a
  // million would take minutes, so this test's timeout (far above the milliseconds linear work
  // takes, even on a loaded machine) bounds the hang a quadratic reader would be.
  it(
    'reads a hash with a long run of slashes in linear time (the tab never freezes)',
    { timeout: 30_000 },
    () => {
      const slashes = '/'.repeat(1_000_000);
      for (const hash of [`#a${slashes}b`, `#${slashes}`, `#/items${slashes}x`]) {
        expect(parseHash(hash).name).toBe(hash === `#${slashes}` ? 'items' : 'not-found');
      }
      expect(trimSlashes('//a/b//')).toBe('a/b');
      expect(trimSlashes('///')).toBe('');
    },
  );

  it('refuses unknown and malformed paths', () => {
    expect(parseHash('#/nope').name).toBe('not-found');
    expect(parseHash('#/items/a/b').name).toBe('not-found');
    expect(parseHash('#/items/a/edit/x').name).toBe('not-found');
    expect(parseHash('#/activity/a/edit').name).toBe('not-found');
    expect(parseHash('#/items/%E0%A4%A').name).toBe('not-found');
    expect(parseHash('#/settings/x').name).toBe('not-found');
  });

  it('round-trips through href', () => {
    const routes: Route[] = [
      { name: 'items' },
      { name: 'item', id: 'a b/c' },
      { name: 'activity' },
      { name: 'operation', handle: 'L1.7' },
      { name: 'review' },
      { name: 'settings' },
      { name: 'tester' },
      { name: 'enter-again', id: 'L1.7' },
      { name: 'new-item', barcode: null },
      { name: 'new-item', barcode: 'A/1 2' },
      { name: 'edit-item', id: 'lamp-14' },
      { name: 'reorder' },
      { name: 'import' },
    ];
    for (const r of routes) expect(parseHash(href(r))).toEqual(r);
  });
});
