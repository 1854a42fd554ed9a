/**
 * One way to end a switch: `assertNever` (src/protocol/assert-never.ts). The other forms once used
 * side by side (`const x: never = …` then a throw, `x satisfies never`, local copies of the helper)
 * stay out, so a reader meets one idiom everywhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'tests', 'bench', 'scripts'];
const HELPER = 'src/protocol/assert-never.ts';
const OTHER_FORMS = [
  /:\s*never\s*=/, // const never: never = value;
  /\bsatisfies never\b/,
  /function \w+\(\w+: never\)/, // a second copy of the helper
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file:line` of every line using another form than the helper. */
function otherForms(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        OTHER_FORMS.some((form) => form.test(line)) ? [`${path}:${i + 1}`] : [],
      ),
  );
}

describe('exhaustive checks', () => {
  it('spots each of the other forms', () => {
    const text = [
      'const never: never = route;',
      'return answer satisfies never;',
      'export function unreachable(value: never): never {',
      'return assertNever(route);',
    ].join('\n');
    expect(otherForms([{ path: 'x.ts', text }])).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3']);
  });

  it('use assertNever everywhere', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== HELPER && !path.endsWith('one-exhaustiveness-check.test.ts'))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(otherForms(files)).toEqual([]);
  });
});
