/**
 * The files a cold visit to the sign-in screen loads: index.html's entry chunk, every chunk it
 * imports statically (transitively) and their CSS, as the build wrote them. The service worker's
 * manifest marks every other hashed asset `afterSignIn` (src/sw/after-sign-in.ts), so the worker
 * precaches at install only what the sign-in screen and the offline shell need.
 *
 * A Vite plugin that records the set while the app's bundle is generated; the manifest transform
 * reads it afterwards (vite-plugin-pwa writes the worker once the app's bundle is written).
 */
import type { Plugin } from 'vite';

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

export function signInFiles(): { plugin: Plugin; files: () => ReadonlySet<string> } {
  let files = new Set<string>();
  return {
    files: () => files,
    plugin: {
      name: 'stockroom-sign-in-files',
      apply: 'build',
      generateBundle(_options, bundle) {
        const found = staticClosure(bundle);
        // Only the app's own bundle has index.html's entry (not the worker's build).
        if (found.size > 0) files = found;
      },
    },
  };
}
