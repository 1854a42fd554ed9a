/**
 * The deliberately broken stores that prove the safety suites can fail live in
 * tests/support/broken-stores/ and reach the server through `TestHooks.openStore`; the production
 * server (src/server, tests beside the code aside) carries no switch or name for them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_VARIANTS } from '../support/broken-stores/open';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');
const NAMES = [...BROKEN_VARIANTS, 'brokenVariant', 'BrokenVariant'];

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productionFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** `file:line name` of every line of `text` naming a broken variant. */
function mentions(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      NAMES.filter((name) => line.includes(name)).map((name) => `${path}:${i + 1} ${name}`),
    );
}

describe('broken stores stay in tests', () => {
  it('spots a variant named in a source file', () => {
    const text = "const x = 1;\n  brokenVariant?: 'no-dedup' | 'receipt-outside-tx';";
    expect(mentions('a.ts', text)).toEqual([
      'a.ts:2 no-dedup',
      'a.ts:2 receipt-outside-tx',
      'a.ts:2 brokenVariant',
    ]);
  });

  it('the production server names none of them', () => {
    const found = productionFiles(SERVER).flatMap((file) =>
      mentions(relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
