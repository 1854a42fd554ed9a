import { describe, expect, it } from 'vitest';
import { shellFallback } from './shell-fallback';

const origin = 'http://127.0.0.1:8080';
const fallback = (path: string): string[] =>
  shellFallback(new URL(path, origin), origin).map(String);

describe('shellFallback', () => {
  it('answers page addresses with the app shell', () => {
    expect(fallback('/items/lamp-14')).toEqual([`${origin}/index.html`]);
  });

  it('never answers the API, files or other origins', () => {
    expect(fallback('/api/items')).toEqual([]);
    expect(fallback('/api')).toEqual([]);
    expect(fallback('/readyz')).toEqual([]);
    expect(fallback('/livez')).toEqual([]);
    expect(fallback('/assets/missing.js')).toEqual([]);
    expect(shellFallback(new URL('https://example.com/x'), origin)).toEqual([]);
  });
});
