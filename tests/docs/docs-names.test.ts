/**
 * The README and docs/ name only what exists. A setting (environment variable), an `npm run`
 * script, an HTTP route or a repository path that the docs name must be in the code, and every
 * `docs/…#section` a file cites must be a heading there. Docs drift quietly otherwise: the README
 * once said 16 accept handles where the code had 64. When this fails, fix the page (or the code):
 * the message names the file and what it names.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/server/api-docs/openapi';
import { reversalNote } from '../../src/client/core/fixes';
import {
  anchorsOf,
  pathsNamed,
  routeExists,
  routesNamed,
  scriptsNamed,
  sectionsCited,
  settingsNamed,
  settingsOfConfig,
  settingsOfShell,
  settingsRead,
  type RouteNamed,
} from './support/doc-names';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Files under `dir` (relative to the root) whose names end in one of `ends`. */
function filesUnder(dir: string, ends: readonly string[]): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => !path.includes('node_modules') && ends.some((end) => path.endsWith(end)));
}

const PAGES = ['README.md', ...filesUnder('docs', ['.md']).filter((p) => !p.includes('/', 5))];
const CODE = ['src', 'tests', 'scripts', 'bench'].flatMap((dir) =>
  filesUnder(dir, ['.ts', '.tsx', '.mjs']),
);
const SHELL = ['.ci/run', ...filesUnder('scripts', ['.sh'])];

/** Read by the system, Node or libuv, not by Stockroom's code; `KEY` stands for any (`KEY=value`). */
const PLATFORM_SETTINGS = ['UV_THREADPOOL_SIZE', 'HOME', 'KEY'];

function knownSettings(): Set<string> {
  const known = new Set<string>([
    ...PLATFORM_SETTINGS,
    ...settingsOfConfig(read('src/server/config.ts')),
  ]);
  for (const file of [...CODE, 'vitest.config.ts', 'vite.config.ts']) {
    for (const name of settingsRead(read(file))) known.add(name);
  }
  for (const file of SHELL) for (const name of settingsOfShell(read(file))) known.add(name);
  return known;
}

/** Constants the code declares (`const BATCH_MAX`): a page may name them; they are no setting. */
function codeConstants(): Set<string> {
  const names = new Set<string>();
  for (const file of CODE) {
    for (const m of read(file).matchAll(/\b(?:const|let|enum)\s+([A-Z][A-Z0-9_]+)\b/g)) {
      names.add(m[1] ?? '');
    }
  }
  return names;
}

function knownScripts(): Set<string> {
  const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  return new Set(Object.keys(manifest.scripts));
}

function knownRoutes(): Map<string, Set<string>> {
  const paths = buildOpenApiDocument()['paths'] as Record<string, Record<string, unknown>>;
  return new Map(Object.entries(paths).map(([path, item]) => [path, new Set(Object.keys(item))]));
}

/** What the project writes and git ignores (bench/results.json, dist/): named, never committed. */
const OUTPUTS = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('*'));

function pathExists(path: string): boolean {
  if (OUTPUTS.some((out) => path === out || path.startsWith(`${out}/`))) return true;
  if (!path.includes('*')) return existsSync(join(ROOT, path));
  if (path.includes('**')) return existsSync(join(ROOT, path.slice(0, path.indexOf('/**'))));
  const folder = path.slice(0, path.lastIndexOf('/'));
  const name = new RegExp(
    `^${path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return (
    existsSync(join(ROOT, folder)) && readdirSync(join(ROOT, folder)).some((f) => name.test(f))
  );
}

/** Every name a page uses that the project does not have, as `page: what`. */
function unknownNames(page: string, text: string): string[] {
  const settings = new Set([...knownSettings(), ...codeConstants()]);
  const scripts = knownScripts();
  const routes = knownRoutes();
  const show = (r: RouteNamed) => `${r.method?.toUpperCase() ?? ''} ${r.path}`.trim();
  return [
    ...[...settingsNamed(text)].filter((s) => !settings.has(s)).map((s) => `setting ${s}`),
    ...[...scriptsNamed(text)].filter((s) => !scripts.has(s)).map((s) => `npm run ${s}`),
    ...routesNamed(text)
      .filter((r) => !routeExists(r, routes))
      .map((r) => `route ${show(r)}`),
    ...[...pathsNamed(text)].filter((p) => !pathExists(p)).map((p) => `path ${p}`),
  ].map((what) => `${page}: ${what}`);
}

describe('the README and docs/', () => {
  it('are there to check', () => {
    expect(PAGES).toContain('README.md');
    expect(PAGES).toContain(join('docs', 'api.md'));
    expect(knownRoutes().size).toBeGreaterThan(20);
    // The readers find what the pages name, so an empty list below means something.
    expect([...settingsNamed(read('docs/operations.md'))]).toEqual(
      expect.arrayContaining(['PORT', 'HOST', 'DEMO', 'LEASE_TTL', 'WORKERS']),
    );
    expect([...scriptsNamed(read('README.md'))]).toEqual(
      expect.arrayContaining(['start', 'test', 'dev', 'serve']),
    );
    expect(routesNamed(read('docs/api.md')).length).toBeGreaterThan(30);
    expect(sectionsCited(read('src/client/core/operation-state.ts'), null)).toEqual([
      { file: 'docs/client.md', anchor: 'the-life-of-an-operation' },
    ]);
  });

  it('name only settings, scripts, routes and paths that exist', () => {
    const unknown = PAGES.flatMap((page) => unknownNames(page, read(page)));
    expect(unknown).toEqual([]);
  });

  it('and a name that does not exist is caught, of each kind', () => {
    const made = [
      'Set `STOCKROOM_TURBO=1` and run `npm run warp`.',
      'Then `GET /api/teleport` answers, and `POST /api/items` too.',
      'The code is in `src/server/flux-capacitor.ts`.',
      '| variable | default |',
      '|---|---|',
      '| `HYPERDRIVE` | `0` |',
    ].join('\n');
    expect(unknownNames('made-up.md', made)).toEqual([
      'made-up.md: setting STOCKROOM_TURBO',
      'made-up.md: setting HYPERDRIVE',
      'made-up.md: npm run warp',
      'made-up.md: route GET /api/teleport',
      'made-up.md: route POST /api/items',
      'made-up.md: path src/server/flux-capacitor.ts',
    ]);
  });

  it('cite only docs sections that exist, from the code and from each other', () => {
    const anchors = new Map<string, Set<string>>();
    const anchorsIn = (file: string) => {
      if (!anchors.has(file))
        anchors.set(file, existsSync(join(ROOT, file)) ? anchorsOf(read(file)) : new Set());
      return anchors.get(file) ?? new Set<string>();
    };
    const citing = [...CODE, ...SHELL, 'bench/README.md', ...PAGES];
    const missing = citing.flatMap((file) =>
      sectionsCited(read(file), PAGES.includes(file) ? file : null)
        .filter((c) => !anchorsIn(c.file).has(c.anchor))
        .map((c) => `${relative(ROOT, join(ROOT, file))}: ${c.file}#${c.anchor}`),
    );
    expect(missing).toEqual([]);
  });

  it('quote the reversal note as the app writes and recognises it (curly quotes)', () => {
    const note = reversalNote({ id: '<operation id>', summary: '<summary>' });
    const lines = read('docs/client.md').split('\n');
    const quoting = lines.filter((line) => line.includes('Reverses '));
    expect(quoting.join('\n')).toContain(`\`${note}\``);
  });
});
