/**
 * The `main` project runs without per-file isolation (vitest.config.ts): a worker's files share its
 * modules. A file that replaces a module with `vi.mock` would replace it for the files after it, so
 * every such file must be listed to run in the `isolated` project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { MOCKS_A_MODULE } from '../../vitest.config';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

it('every test file that mocks a module runs isolated, and only those', () => {
  const mocking = ['src', 'tests', 'bench']
    .flatMap(testFiles)
    .filter((file) => !file.startsWith(join('tests', 'e2e')))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')))
    .map((file) => relative('.', file));
  expect(mocking.sort()).toEqual([...MOCKS_A_MODULE].sort());
});
