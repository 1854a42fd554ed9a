import { describe, expect, it } from 'vitest';
import { href, parseHash, type Route } from './routes';

describe('routes', () => {
  it('parses every screen', () => {
    expect(parseHash('')).toEqual({ name: 'items' });
    expect(parseHash('#/items')).toEqual({ name: 'items' });
    expect(parseHash('#/items/lamp-14')).toEqual({ name: 'item', id: 'lamp-14' });
    expect(parseHash('#/activity/L7f3k.42')).toEqual({ name: 'operation', handle: 'L7f3k.42' });
    expect(parseHash('#/review')).toEqual({ name: 'review' });
    expect(parseHash('#/settings/')).toEqual({ name: 'settings' });
    expect(parseHash('#/tester')).toEqual({ name: 'tester' });
  });

  it('refuses unknown and malformed paths', () => {
    expect(parseHash('#/nope').name).toBe('not-found');
    expect(parseHash('#/items/a/b').name).toBe('not-found');
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
    ];
    for (const r of routes) expect(parseHash(href(r))).toEqual(r);
  });
});
