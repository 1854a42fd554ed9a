import { describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from '../../../src/server/demo';
import { freshItemId } from './ops';

describe('freshItemId', () => {
  it('never names a demo item, however many ids the worker made before (its files share the module)', () => {
    const demo = new Set(DEMO_ITEMS.map((item) => item.id));
    const prefixes = [...new Set(DEMO_ITEMS.map((item) => item.id.split('-')[0] ?? ''))];
    const made = Array.from({ length: 200 }, () => prefixes.map((p) => freshItemId(p))).flat();
    expect(made.filter((id) => demo.has(id))).toEqual([]);
    expect(new Set(made).size).toBe(made.length);
  });
});
