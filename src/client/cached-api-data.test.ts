import { describe, expect, it } from 'vitest';
import { forgetCachedApiData, isApiUrl } from './cached-api-data';

describe('cached API data', () => {
  it('tells API answers from the app shell', () => {
    expect(isApiUrl('https://shop.example/api/items/lamp-14/history?limit=50')).toBe(true);
    expect(isApiUrl('/api/items')).toBe(true);
    expect(isApiUrl('https://shop.example/index.html')).toBe(false);
    expect(isApiUrl('https://shop.example/assets/api/x.js')).toBe(false);
  });

  it('removes every cached API answer and nothing else', async () => {
    const stored = new Map([
      ['shell', [new Request('https://shop.example/index.html')]],
      [
        'data',
        [new Request('https://shop.example/api/items'), new Request('https://shop.example/a.js')],
      ],
    ]);
    const caches = {
      keys: async () => [...stored.keys()],
      open: async (name: string) => ({
        keys: async () => [...(stored.get(name) ?? [])],
        delete: async (request: Request) => {
          const list = stored.get(name) ?? [];
          stored.set(
            name,
            list.filter((r) => r !== request),
          );
          return list.includes(request);
        },
      }),
    };
    expect(await forgetCachedApiData(caches)).toBe(1);
    expect([...stored].map(([n, l]) => [n, l.map((r) => r.url)])).toEqual([
      ['shell', ['https://shop.example/index.html']],
      ['data', ['https://shop.example/a.js']],
    ]);
    expect(await forgetCachedApiData(null)).toBe(0);
  });
});
