/**
 * The files a cold visit to the sign-in screen loads: index.html's entry chunk, every chunk it
 * imports statically (transitively) and their CSS, as the build wrote them. The service worker's
 * manifest marks every other hashed asset `afterSignIn` (src/sw/after-sign-in.ts), so the worker
 * precaches at install only what the sign-in screen and the offline shell need. Also recorded: the
 * chunks of the message catalogues other than English, which the worker keeps in a cache of their
 * own (src/sw/language-files.ts).
 *
 * A Vite plugin that records the set while the app's bundle is generated; the manifest transform
 * reads it afterwards (vite-plugin-pwa writes the worker once the app's bundle is written).
 */
import type { Plugin } from 'vite';

/** A catalogue module (src/app/i18n/<language>.ts): its chunk is the catalogue's. */
const CATALOGUE_MODULE = /\/src\/app\/i18n\/([a-z]{2})\.ts$/;

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The entry chunk of index.html and its static imports, with their CSS, by file name. */
export function staticClosure(bundle: Record<string, { type: string }>): Set<string> {
  const chunks = new Map<string, ChunkLike>();
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk') chunks.set(name, output as ChunkLike);
  }
  const entries = [...chunks].filter(
    ([, c]) => c.isEntry && (c.facadeModuleId ?? '').endsWith('index.html'),
  );
  const found = new Set<string>();
  const visit = (name: string): void => {
    if (found.has(name)) return;
    found.add(name);
    const chunk = chunks.get(name);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) found.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  for (const [name] of entries) visit(name);
  return found;
}

/**
 * By language: the chunk of each catalogue module (src/app/i18n/<language>.ts) that is a chunk of
 * its own, with the chunks it imports that the sign-in screen does not load.
 */
export function catalogueFiles(
  bundle: Record<string, { type: string }>,
  signIn: ReadonlySet<string>,
): Map<string, string[]> {
  const chunks = new Map<string, ChunkLike>();
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk') chunks.set(name, output as ChunkLike);
  }
  const byLanguage = new Map<string, string[]>();
  for (const [name, chunk] of chunks) {
    const language = CATALOGUE_MODULE.exec(chunk.facadeModuleId ?? '')?.[1];
    if (language === undefined || chunk.isEntry) continue;
    const files: string[] = [];
    const visit = (file: string): void => {
      if (files.includes(file) || signIn.has(file)) return;
      files.push(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    visit(name);
    byLanguage.set(language, files);
  }
  return byLanguage;
}

export function signInFiles(): {
  plugin: Plugin;
  files: () => ReadonlySet<string>;
  catalogues: () => ReadonlyMap<string, readonly string[]>;
} {
  let files = new Set<string>();
  let catalogues = new Map<string, string[]>();
  return {
    files: () => files,
    catalogues: () => catalogues,
    plugin: {
      name: 'stockroom-sign-in-files',
      apply: 'build',
      generateBundle(_options, bundle) {
        const found = staticClosure(bundle);
        // Only the app's own bundle has index.html's entry (not the worker's build).
        if (found.size === 0) return;
        files = found;
        catalogues = catalogueFiles(bundle, found);
      },
    },
  };
}
