/**
 * The client's twin of broken-stores-stay-in-tests: the deliberately broken outbox writes that
 * prove the model checker can fail live in tests/client/support/broken-variants.ts and reach the
 * sender through its ordinary `outbox` dependency. Production code under src/ (tests beside the
 * code aside) names none of them and imports nothing from tests/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BROKEN_SENDERS } from '../client/support/broken-variants';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const TESTS = join(ROOT, 'tests');
/** The variants, and the test switch they replaced (a sender with seams is a sender with two paths). */
const NAMES = [...BROKEN_SENDERS, 'broken-variants', 'SenderSeams'];

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productionFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file:line name` of every line of `text` naming a broken sender. */
function mentions(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      NAMES.filter((name) => line.includes(name)).map((name) => `${path}:${i + 1} ${name}`),
    );
}

/** `file → specifier` of every relative import of `file` that lands under tests/. */
function importsFromTests(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => !relative(TESTS, resolve(dirname(file), specifier)).startsWith('..'))
    .map((specifier) => `${relative(ROOT, file)} → ${specifier}`);
}

describe('broken senders stay in tests', () => {
  it('spots a variant named in a source file, and an import from tests/', () => {
    const text = "import { receiptOutsideTx } from '../../tests/client/support/broken-variants';";
    expect(mentions('a.ts', text)).toEqual(['a.ts:1 receiptOutsideTx', 'a.ts:1 broken-variants']);
    expect(importsFromTests(join(SRC, 'client/a.ts'), text)).toEqual([
      'src/client/a.ts → ../../tests/client/support/broken-variants',
    ]);
    expect(
      importsFromTests(join(SRC, 'client/a.ts'), "import { x } from './local/outbox';"),
    ).toEqual([]);
  });

  it('production code under src/ names none of them and imports nothing from tests/', () => {
    const found = productionFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...mentions(relative(ROOT, file), text), ...importsFromTests(file, text)];
    });
    expect(found).toEqual([]);
  });
});
