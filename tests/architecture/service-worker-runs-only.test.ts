/**
 * src/sw holds only what runs in the service worker (and the names the page shares with it): every
 * module there is reached from the worker's entry (sw.ts), and what the build takes from there the
 * worker or the page uses too. What only the build uses (vite.config.ts's precache marks and checks)
 * lives in scripts/ (precache-manifest.ts, sign-in-files.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';

const SRC = resolve(import.meta.dirname, '../../src');
const SW = join(SRC, 'sw');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The modules (relative to src/) that `entry` reaches through its imports, itself included. */
function reached(graph: Map<string, string[]>, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (module: string): void => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const next of graph.get(module) ?? []) visit(next);
  };
  visit(entry);
  return seen;
}

/** `module → names` imported by name from each module `file` imports (paths absolute). */
function namedImports(file: string, text: string): [string, string[]][] {
  const pattern = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) => [
    resolve(dirname(file), m[2] ?? ''),
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter(Boolean),
  ]);
}

describe('src/sw holds only what runs in the service worker', () => {
  it('reads named imports (the checks below are not vacuous)', () => {
    expect(namedImports('/x/src/app/a.ts', "import { B, type C as D } from '../sw/b';")).toEqual([
      ['/x/src/sw/b', ['B', 'C']],
    ]);
  });

  it('every module there is reached from sw.ts', () => {
    const graph = importGraph(SRC);
    const fromWorker = reached(graph, 'sw/sw.ts');
    const unreached = sourceFiles(SW)
      .map((file) => relative(SRC, file))
      .filter((module) => !fromWorker.has(module));
    expect(unreached).toEqual([]);
  });

  it('what the build takes from there, the worker or the page uses too', () => {
    const ROOT = resolve(SRC, '..');
    const importedBy = (files: string[]): Set<string> =>
      new Set(
        files.flatMap((file) =>
          namedImports(file, readFileSync(file, 'utf8')).flatMap(([module, names]) =>
            names.map((name) => `${relative(ROOT, module)}#${name}`),
          ),
        ),
      );
    const build = importedBy([join(ROOT, 'vite.config.ts'), ...sourceFiles(join(ROOT, 'scripts'))]);
    const runtime = importedBy(sourceFiles(SRC));
    const buildOnly = [...build].filter((key) => key.startsWith('src/sw/') && !runtime.has(key));
    expect(buildOnly).toEqual([]);
  });
});
