/**
 * Comments and test names say what the code does and why, not when it came: "(added)", "new in",
 * "issue 15" and the like belong in CHANGELOG.md, where the history is told once, by date.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const SELF = 'tests/architecture/no-history-markers.test.ts';
const MARKERS = [
  /(^|\s)\((added|new|changed)(\)[:;,]?|[;:,])\s/i, // (added) (new) (changed; …), not send(added)
  /\b(added|new) in (v?\d|round|this)/i,
  /\bissue #?\d+/i,
  /\(#\d+\b/,
  /\bround (two|three)\b/i, // a sending round is a thing here; round two is a date
];

/** `file:line` of every line with a history marker. */
function markers(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, i) => (MARKERS.some((m) => m.test(line)) ? [`${path}:${i + 1}`] : [])),
  );
}

describe('history markers', () => {
  it('spots each kind', () => {
    const text = [
      '/** (added) Tester panel: the server clock. */',
      '/** `server-busy` (added): refuses work for now. */',
      ' * Load shedding (issue 5): under a burst…',
      "describe('the tester panel (#15)', () => {",
      '// new in round two',
      '/** Operations settled so far in this round. */',
      '/** Its writes may wait for the next round trip. */',
      'const added = await addUser();',
    ].join('\n');
    expect(markers([{ path: 'x.ts', text }])).toEqual([
      'x.ts:1',
      'x.ts:2',
      'x.ts:3',
      'x.ts:4',
      'x.ts:5',
    ]);
  });

  it('are not in src/ or tests/', () => {
    const files = ['src', 'tests']
      .flatMap((folder) => sourceFiles(join(ROOT, folder), true))
      .map((file) => relative(ROOT, file))
      .filter((path) => path !== SELF)
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(300);
    expect(markers(files)).toEqual([]);
  });
});
