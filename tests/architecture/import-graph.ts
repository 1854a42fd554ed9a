/**
 * The import graph of a source folder, read with the TypeScript compiler's own import scanner
 * (`ts.preProcessFile`: no type checking, so it is quick), and the import circles in it.
 * Type-only imports count: a circle of types is still two modules that cannot be understood, moved
 * or tested one without the other.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

/** Every TypeScript file under `dir`, tests beside the code included when `withTests`. */
export function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, withTests);
    return /\.tsx?$/.test(name) && (withTests || !/\.test\.tsx?$/.test(name)) ? [path] : [];
  });
}

/** Every module specifier `file` imports (static, dynamic, re-exports, type-only). */
export function specifiersOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((imported) => imported.fileName);
}

/** A relative specifier as the file it names (`./app` → `app.ts`), or null (a package, or missing). */
export function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every non-test module under `root` → the modules under `root` it imports (paths relative to `root`). */
export function importGraph(root: string): ImportGraph {
  const files = sourceFiles(root);
  const inside = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = specifiersOf(file)
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null && inside.has(target));
    graph.set(
      relative(root, file),
      [...new Set(targets)].map((target) => relative(root, target)),
    );
  }
  return graph;
}

/**
 * The strongly connected components with more than one module (or a module importing itself),
 * each as a list of its modules, sorted: every such component is an import circle.
 * Tarjan's algorithm.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;

  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    const targets = graph.get(node) ?? [];
    for (const target of targets) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || targets.includes(node)) circles.push(component.sort());
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}
