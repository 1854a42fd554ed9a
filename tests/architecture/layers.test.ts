/**
 * Every layer rule of the codebase, in one place. The layers are folders of src/:
 *
 *   protocol      the wire contract, shared by both sides; imports no other layer
 *   client/core   the pure core (outbox reducer, plans, views); protocol only, no package
 *   client        the client's adapters (store, network, sender, facade) around the core
 *   app           the React app and its words (app/i18n), over the client
 *   sw            the service worker
 *   server        the Fastify server and its stores; protocol only from the rest of src/
 *
 * and around them: production code never imports test support (tests/, bench/), no module in src/
 * exists only for tests (each is reached from a production entry), src/sw holds only what runs in
 * the service worker (build-time helpers live in scripts/), the deliberately broken
 * variants that prove the safety suites can fail stay in tests (and no class opens `protected`
 * steps for test subclasses), and no layer has an import circle.
 *
 * Each rule has a case that shows it can fail, on made-up input, beside the run on the real code.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_SENDERS } from '../client/support/broken-variants';
import { BROKEN_VARIANTS } from '../support/broken-stores/open';
import {
  importCircles,
  importGraph,
  resolveImport,
  sourceFiles,
  specifiersOf,
} from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

type Layer = 'protocol' | 'client/core' | 'client' | 'app' | 'sw' | 'server';

/** Which layers each layer's production modules may import (itself included). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  protocol: ['protocol'],
  'client/core': ['client/core', 'protocol'],
  client: ['client', 'client/core', 'protocol'],
  app: ['app', 'client', 'client/core', 'sw', 'protocol'],
  sw: ['sw', 'client', 'client/core', 'protocol'],
  server: ['server', 'protocol'],
};

/** The packages a layer may import (null: any). The core has no I/O and no framework. */
const MAY_USE_PACKAGE: Record<Layer, ((name: string) => boolean) | null> = {
  protocol: (name) => name === 'zod' || name.startsWith('zod/'),
  'client/core': () => false,
  // The browser has no Node built-ins.
  client: (name) => !name.startsWith('node:'),
  app: (name) => !name.startsWith('node:'),
  sw: (name) => !name.startsWith('node:'),
  server: null,
};
/** What the core's own tests may use besides the core: the runner, fast-check, test support. */
const CORE_TEST_PACKAGES = new Set(['vitest', 'fast-check']);

/** A file's layer from its path relative to the root (null: outside src/). */
function layerOf(path: string): Layer | null {
  const [top, second, next] = path.split('/');
  if (top !== 'src' || next === undefined) return null;
  if (second === 'client') return path.startsWith('src/client/core/') ? 'client/core' : 'client';
  return second === 'protocol' || second === 'app' || second === 'sw' || second === 'server'
    ? second
    : null;
}

/** One import: the importing file and the imported file (root-relative) or package. */
interface Edge {
  from: string;
  specifier: string;
  /** The file imported, relative to the root; null for a package. */
  to: string | null;
}

function edgesOf(files: readonly string[]): Edge[] {
  return files.flatMap((file) =>
    specifiersOf(file).map((specifier) => {
      const target = specifier.startsWith('.') ? resolveImport(file, specifier) : null;
      return {
        from: relative(ROOT, file),
        specifier,
        to: target === null ? null : relative(ROOT, target),
      };
    }),
  );
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isTestSupport = (path: string) => path.startsWith('tests/') || path.startsWith('bench/');
const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier;

/** Imports of one layer's production module into a layer it may not use. */
function layerViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, specifier, to }) => {
    const source = layerOf(from);
    if (source === null || isTest(from) || to === null) return [];
    const target = layerOf(to);
    if (target === null || MAY_IMPORT[source].includes(target)) return [];
    return [`${from} → ${specifier} (${source} may not import ${target})`];
  });
}

/** Packages a layer may not use; the core's tests may use the runner and fast-check too. */
function packageViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, specifier }) => {
    const source = layerOf(from);
    if (source === null || specifier.startsWith('.')) return [];
    const allowed = MAY_USE_PACKAGE[source];
    if (allowed === null || allowed(packageName(specifier))) return [];
    if (source === 'client/core' && isTest(from) && CORE_TEST_PACKAGES.has(specifier)) return [];
    if (source !== 'client/core' && isTest(from)) return [];
    return [`${from} → ${specifier} (package in ${source})`];
  });
}

/**
 * Production modules that import test support. The core's own tests may import only the core,
 * the protocol and test support (tests/support/client/sample-*.ts).
 */
function testSupportImports(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, specifier, to }) => {
    if (!from.startsWith('src/') || to === null) return [];
    if (isTest(from)) {
      if (layerOf(from) !== 'client/core') return [];
      const target = layerOf(to);
      const inward = target === 'client/core' || target === 'protocol' || isTestSupport(to);
      return inward ? [] : [`${from} → ${specifier} (a core test reaches outside the core)`];
    }
    return isTestSupport(to) ? [`${from} → ${specifier} (production imports test support)`] : [];
  });
}

/** The production entries: npm scripts, the page's script, the service worker, the build. */
function productionEntries(): string[] {
  const scripts = Object.values(
    (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts,
  );
  const fromScripts = scripts.flatMap((line) =>
    [...line.matchAll(/\btsx\s+(\S+\.ts)\b/g)].map((m) => m[1] ?? ''),
  );
  const page = [
    ...readFileSync(join(ROOT, 'index.html'), 'utf8').matchAll(/src="\/(src\/[^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const vite = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8');
  const sw = /srcDir: '([^']+)'[\s\S]*?filename: '([^']+)'/.exec(vite);
  const worker = sw ? [`${sw[1]}/${sw[2]}`] : [];
  return [...fromScripts, ...page, ...worker, 'vite.config.ts'].filter((p) => p !== '');
}

/** The `modules` under src/ that no production entry reaches (test support living in src/). */
function unreached(
  entries: readonly string[],
  edges: readonly Edge[],
  modules: readonly string[],
): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges)
    if (to !== null) next.set(from, [...(next.get(from) ?? []), to]);
  const seen = new Set<string>();
  const stack = [...entries];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(next.get(file) ?? []));
  }
  return modules.filter((file) => !seen.has(file)).sort();
}

/** What names a broken variant, or opens a step to a test subclass. */
const BROKEN_NAMES = [
  ...BROKEN_VARIANTS,
  ...BROKEN_SENDERS,
  'brokenVariant',
  'BrokenVariant',
  'broken-variants',
  'SenderSeams',
];
const PROTECTED = /^\s*protected\s/;

/** `file:line what` of every line of a production module naming a broken variant or a seam. */
function brokenMentions(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, i) => [
        ...BROKEN_NAMES.filter((name) => line.includes(name)).map(
          (name) => `${path}:${i + 1} ${name}`,
        ),
        ...(PROTECTED.test(line) ? [`${path}:${i + 1} protected`] : []),
      ]),
  );
}

/** The modules (relative to src/) that `entry` reaches through its imports, itself included. */
function reachedFrom(graph: Map<string, string[]>, entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  for (let module = stack.pop(); module !== undefined; module = stack.pop()) {
    if (seen.has(module)) continue;
    seen.add(module);
    stack.push(...(graph.get(module) ?? []));
  }
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

/** `src/sw/module#name` of every name `files` import by name (paths relative to the root). */
function namesImported(files: readonly string[]): Set<string> {
  return new Set(
    files.flatMap((file) =>
      namedImports(file, readFileSync(file, 'utf8')).flatMap(([module, names]) =>
        names.map((name) => `${relative(ROOT, module)}#${name}`),
      ),
    ),
  );
}

const productionFiles = sourceFiles(SRC);
const allSrcFiles = sourceFiles(SRC, true);
const buildFiles = [join(ROOT, 'vite.config.ts'), ...sourceFiles(join(ROOT, 'scripts'))];
const edges = edgesOf([...allSrcFiles, ...buildFiles]);

describe('layers', () => {
  it('reads the imports (the checks below are not vacuous)', () => {
    expect(productionFiles.length).toBeGreaterThan(150);
    expect(edges).toContainEqual({
      from: 'src/server/start.ts',
      specifier: './store/open-store',
      to: 'src/server/store/open-store.ts',
    });
    expect(edges.filter((e) => e.from.startsWith('src/client/core/')).length).toBeGreaterThan(50);
    expect(productionEntries()).toEqual(
      expect.arrayContaining(['src/server/main.ts', 'src/app/main.tsx', 'src/sw/sw.ts']),
    );
  });

  it('each layer imports only the layers below it', () => {
    const made = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(
      layerViolations([
        made('src/client/core/plan.ts', 'src/app/i18n/en.ts'),
        made('src/client/core/plan.ts', 'src/client/store/schema.ts'),
        made('src/server/start.ts', 'src/client/core/plan.ts'),
        made('src/server/start.ts', 'src/app/i18n/en.ts'),
        made('src/client/sender.ts', 'src/server/core/decide.ts'),
        made('src/protocol/schemas.ts', 'src/client/core/plan.ts'),
        made('src/app/main.tsx', 'src/client/core/plan.ts'),
        made('src/client/core/plan.test.ts', 'src/app/i18n/en.ts'),
      ]),
    ).toEqual([
      'src/client/core/plan.ts → src/app/i18n/en.ts (client/core may not import app)',
      'src/client/core/plan.ts → src/client/store/schema.ts (client/core may not import client)',
      'src/server/start.ts → src/client/core/plan.ts (server may not import client/core)',
      'src/server/start.ts → src/app/i18n/en.ts (server may not import app)',
      'src/client/sender.ts → src/server/core/decide.ts (client may not import server)',
      'src/protocol/schemas.ts → src/client/core/plan.ts (protocol may not import client/core)',
    ]);
    expect(layerViolations(edges)).toEqual([]);
  });

  it('the core uses no package, the browser no Node built-in', () => {
    const pkg = (from: string, specifier: string): Edge => ({ from, specifier, to: null });
    expect(
      packageViolations([
        pkg('src/client/core/plan.ts', 'react'),
        pkg('src/client/core/plan.ts', 'vitest'),
        pkg('src/client/core/plan.test.ts', 'vitest'),
        pkg('src/client/core/plan.test.ts', 'idb'),
        pkg('src/client/sender.ts', 'node:fs'),
        pkg('src/protocol/schemas.ts', 'zod/mini'),
        pkg('src/server/start.ts', 'node:fs'),
      ]),
    ).toEqual([
      'src/client/core/plan.ts → react (package in client/core)',
      'src/client/core/plan.ts → vitest (package in client/core)',
      'src/client/core/plan.test.ts → idb (package in client/core)',
      'src/client/sender.ts → node:fs (package in client)',
    ]);
    expect(packageViolations(edges)).toEqual([]);
  });

  it('production never imports test support', () => {
    const made = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(
      testSupportImports([
        made('src/server/start.ts', 'tests/support/broken-stores/open.ts'),
        made('src/client/client.ts', 'tests/client/support/broken-variants.ts'),
        made('src/app/main.tsx', 'bench/support/postgres.ts'),
        made('src/server/store/postgres-store.test.ts', 'tests/support/server/store-contract.ts'),
        made('src/client/core/plan.test.ts', 'tests/support/client/sample-record.ts'),
        made('src/client/core/plan.test.ts', 'src/client/store/schema.ts'),
      ]),
    ).toEqual([
      'src/server/start.ts → tests/support/broken-stores/open.ts (production imports test support)',
      'src/client/client.ts → tests/client/support/broken-variants.ts (production imports test support)',
      'src/app/main.tsx → bench/support/postgres.ts (production imports test support)',
      'src/client/core/plan.test.ts → src/client/store/schema.ts (a core test reaches outside the core)',
    ]);
    expect(testSupportImports(edges)).toEqual([]);
  });

  it('no module in src/ exists only for tests: each is reached from a production entry', () => {
    const made = (from: string, to: string): Edge => ({ from, specifier: to, to });
    expect(
      unreached(
        ['src/server/main.ts'],
        [
          made('src/server/main.ts', 'src/server/start.ts'),
          made('src/server/start.ts', 'src/protocol/schemas.ts'),
          made('src/server/start.test.ts', 'src/server/store/store-contract.ts'),
          made('src/server/store/store-contract.ts', 'src/protocol/schemas.ts'),
        ],
        [
          'src/server/main.ts',
          'src/server/start.ts',
          'src/protocol/schemas.ts',
          'src/server/store/store-contract.ts',
          'src/server/orphan.ts',
        ],
      ),
    ).toEqual(['src/server/orphan.ts', 'src/server/store/store-contract.ts']);
    const modules = productionFiles.map((file) => relative(ROOT, file));
    expect(unreached(productionEntries(), edges, modules)).toEqual([]);
  });

  it('broken variants and test seams stay in tests', () => {
    expect(
      brokenMentions([
        {
          path: 'a.ts',
          text: "const x = 1;\n  brokenVariant?: 'no-dedup' | 'receipt-outside-tx';",
        },
        { path: 'b.ts', text: 'class S {\n  protected plan(): void {}\n}' },
        { path: 'c.ts', text: 'export interface SenderSeams { claim(): void }' },
      ]),
    ).toEqual([
      'a.ts:2 no-dedup',
      'a.ts:2 receipt-outside-tx',
      'a.ts:2 brokenVariant',
      'b.ts:2 protected',
      'c.ts:1 SenderSeams',
    ]);
    const files = productionFiles.map((file) => ({
      path: relative(ROOT, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(brokenMentions(files)).toEqual([]);
  });

  it('src/sw holds only what runs in the service worker', () => {
    expect(namedImports('/x/src/app/a.ts', "import { B, type C as D } from '../sw/b';")).toEqual([
      ['/x/src/sw/b', ['B', 'C']],
    ]);
    const fromWorker = reachedFrom(importGraph(SRC), 'sw/sw.ts');
    const unreachedInSw = sourceFiles(join(SRC, 'sw'))
      .map((file) => relative(SRC, file))
      .filter((module) => !fromWorker.has(module));
    expect(unreachedInSw).toEqual([]);
    // What the build takes from there, the worker or the page uses too.
    const runtime = namesImported(productionFiles);
    const buildOnly = [...namesImported(buildFiles)].filter(
      (key) => key.startsWith('src/sw/') && !runtime.has(key),
    );
    expect(buildOnly).toEqual([]);
  });

  it('no import circle in any layer', () => {
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
          ['d.ts', ['a.ts', 'd.ts']],
          ['e.ts', []],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    const graph = importGraph(SRC);
    expect(graph.get('app/i18n/en-shell.ts')).toContain('app/i18n/en-operations.ts');
    expect(graph.get('client/sender.ts')).toContain('client/transactions/outbox.ts');
    expect(importCircles(graph)).toEqual([]);
  });
});
