/**
 * What the README and docs/ name, read out of their Markdown, and what exists in the project, read
 * out of its code: settings (environment variables), npm scripts, HTTP routes, repository paths
 * and docs sections. Pure over text, so a test can feed it a made-up page and watch it complain.
 */

/** A Markdown heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to `-`. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file has (a repeated heading gets `-1`, `-2`, … as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Fenced code blocks replaced by empty lines (a `# comment` in a shell block is no heading). */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** The text of every inline code span and fenced block: where commands and names are written. */
function codeOf(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  const inline = [...withoutBlocks(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return [...blocks, ...inline];
}

function withoutBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** `A_NAME` anywhere, `NAME=` in code, and the first cell of a settings table: settings named. */
export function settingsNamed(markdown: string): Set<string> {
  const names = new Set<string>();
  // Upper case with an underscore reads as a setting wherever it stands (not inside a word or path).
  for (const m of markdown.matchAll(/(?<![\w./-])\$?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w-])/g)) {
    names.add(m[1] ?? '');
  }
  for (const code of codeOf(markdown)) {
    for (const m of code.matchAll(/(?<![\w./$-])([A-Z][A-Z0-9_]*)=/g)) names.add(m[1] ?? '');
  }
  let settingsTable = false;
  for (const line of markdown.split('\n')) {
    const cells = line.startsWith('|') ? line.split('|').map((c) => c.trim()) : null;
    if (!cells) {
      settingsTable = false;
      continue;
    }
    const first = cells[1] ?? '';
    if (/^(variable|setting)s?$/i.test(first)) settingsTable = true;
    else if (settingsTable) {
      for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1] ?? '');
    }
  }
  names.delete('');
  return names;
}

/** `npm run x` and `npm start` / `npm test`: the scripts a reader is told to run. */
export function scriptsNamed(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/\bnpm run ([a-z][\w:-]*)/g)) names.add(m[1] ?? '');
  for (const m of markdown.matchAll(/\bnpm (start|test)\b/g)) names.add(m[1] ?? '');
  names.delete('');
  return names;
}

export interface RouteNamed {
  method: string | null;
  path: string;
}

/** Server paths the docs name: after an HTTP method, or alone in code (`/api/…`, the probes). */
const SERVER_PATH = /^\/(?:api(?:\/|$)|livez$|readyz$|metrics$)/;

function cleanPath(raw: string): string {
  return raw
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '')
    .replace(/[.,;:)]+$/, '');
}

export function routesNamed(markdown: string): RouteNamed[] {
  const routes: RouteNamed[] = [];
  for (const m of markdown.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s`'"|,;)]*)/g)) {
    const path = cleanPath(m[2] ?? '');
    if (SERVER_PATH.test(path)) routes.push({ method: (m[1] ?? '').toLowerCase(), path });
  }
  for (const code of codeOf(markdown)) {
    const single = /^(?:https?:\/\/[^/\s]+)?(\/[^\s]*)$/.exec(code.trim());
    const path = single?.[1] ? cleanPath(single[1]) : null;
    if (path && SERVER_PATH.test(path)) routes.push({ method: null, path });
  }
  for (const m of markdown.matchAll(
    /\]\(https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?(\/[^)\s]*)\)/g,
  )) {
    const path = cleanPath(m[1] ?? '');
    if (SERVER_PATH.test(path)) routes.push({ method: null, path });
  }
  return routes;
}

/**
 * Does the server have this route? `documented` maps OpenAPI paths (`/api/items/{id}/history`) to
 * their methods. A named path may use `{x}`, `:x`, `<x>` or a real id for a parameter, and may end
 * in `*` or `/` to mean everything under it.
 */
export function routeExists(
  named: RouteNamed,
  documented: ReadonlyMap<string, Set<string>>,
): boolean {
  const path = named.path.replace(/\{[^}]+\}|:[\w-]+|<[^>]+>/g, '{}');
  const prefix = path.endsWith('*') || path.endsWith('/') ? path.replace(/\*$/, '') : null;
  for (const [template, methods] of documented) {
    if (named.method !== null && !methods.has(named.method)) continue;
    if (prefix !== null ? template.startsWith(prefix) : matches(template, path)) return true;
  }
  return false;
}

function matches(template: string, path: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(path) || template.replace(/\{[^}]+\}/g, '{}') === path;
}

/** Repository paths in code spans (`src/…`, `tests/…`, …): a `*` matches within one name. */
export function pathsNamed(markdown: string): Set<string> {
  const paths = new Set<string>();
  for (const code of codeOf(markdown)) {
    for (const m of code.matchAll(
      /(?<![\w./-])((?:src|tests|scripts|deploy|bench|docs|\.ci)\/[\w./*-]*[\w*])/g,
    )) {
      paths.add(m[1] ?? '');
    }
  }
  paths.delete('');
  return paths;
}

/** `docs/<file>.md#<anchor>`, and within docs `<file>.md#<anchor>` and `#<anchor>`: sections cited. */
export interface SectionCited {
  file: string;
  anchor: string;
}

export function sectionsCited(text: string, from: string | null): SectionCited[] {
  const cited: SectionCited[] = [];
  for (const m of text.matchAll(/(?<![\w/-])(docs\/[\w-]+\.md)#([\w-]+)/g)) {
    cited.push({ file: m[1] ?? '', anchor: m[2] ?? '' });
  }
  if (from !== null) {
    const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    for (const m of text.matchAll(/\]\((?:\.\/)?([\w./-]+\.md)?#([\w-]+)\)/g)) {
      const target = m[1] ? normalise(folder + m[1]) : from;
      cited.push({ file: target, anchor: m[2] ?? '' });
    }
  }
  return cited;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Settings the code reads: `env['X']`, `env.X`, the names config.ts passes to its readers. */
export function settingsRead(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv(?:\.|\[\s*['"])([A-Z][A-Z0-9_]*)/g)) names.add(m[1] ?? '');
  names.delete('');
  return names;
}

/** The setting names config.ts hands to its typed readers (`integer('PORT', …)`). */
export function settingsOfConfig(source: string): Set<string> {
  const names = settingsRead(source);
  for (const m of source.matchAll(/\b\w+\(\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(m[1] ?? '');
  names.delete('');
  return names;
}

/** Shell scripts: a variable with a default (`${X:-…}`) is a setting the caller may give. */
export function settingsOfShell(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/\$\{([A-Z][A-Z0-9_]*):?-/g)) names.add(m[1] ?? '');
  names.delete('');
  return names;
}
