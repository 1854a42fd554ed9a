/**
 * The server's modules import each other in one direction only: no module under src/server is
 * (directly or through others) imported by what it imports. Interfaces the HTTP layer needs live in
 * `http/deps.ts`, problem values outside `http/`, so routes never import the app that registers them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph';

const SERVER = resolve(import.meta.dirname, '../../src/server');

describe('src/server import graph', () => {
  it('reads the imports (the check below is not vacuous)', () => {
    const graph = importGraph(SERVER);
    expect(graph.get('start.ts')).toContain('store/open-store.ts');
    expect(graph.size).toBeGreaterThan(50);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('has no import circle', () => {
    expect(importCircles(importGraph(SERVER))).toEqual([]);
  });
});
