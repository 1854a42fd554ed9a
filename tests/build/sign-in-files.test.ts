import { describe, expect, it } from 'vitest';
import { catalogueFiles, staticClosure } from '../../scripts/sign-in-files';

const chunk = (o: { entry?: string; module?: string; imports?: string[]; css?: string[] }) => ({
  type: 'chunk' as const,
  isEntry: o.entry !== undefined,
  facadeModuleId: o.entry ?? o.module ?? null,
  imports: o.imports ?? [],
  dynamicImports: [],
  viteMetadata: { importedCss: new Set(o.css ?? []) },
});

describe('the files the sign-in screen loads', () => {
  it('are index.html’s entry, its static imports (transitively) and their CSS, not dynamic imports', () => {
    const bundle = {
      'index.html': { type: 'asset' },
      'assets/index-A.js': chunk({
        entry: '/app/index.html',
        imports: ['assets/routes-B.js'],
        css: ['assets/index-C.css'],
      }),
      'assets/routes-B.js': chunk({ imports: ['assets/shared-D.js'] }),
      'assets/shared-D.js': chunk({ imports: ['assets/routes-B.js'] }),
      'assets/everyday-screens-E.js': chunk({ imports: ['assets/shared-D.js'] }),
      'assets/scan-panel-F.js': chunk({ css: ['assets/scan-panel-G.css'] }),
      'assets/index-C.css': { type: 'asset' },
    };
    expect([...staticClosure(bundle)].sort()).toEqual([
      'assets/index-A.js',
      'assets/index-C.css',
      'assets/routes-B.js',
      'assets/shared-D.js',
    ]);
  });

  it('is empty for a bundle without index.html’s entry (the worker’s own build)', () => {
    expect(staticClosure({ 'sw.js': chunk({ entry: '/app/src/sw/sw.ts' }) }).size).toBe(0);
  });
});

describe('the catalogue chunks', () => {
  it('are each catalogue module’s own chunk with what it imports that sign-in does not load', () => {
    const bundle = {
      'assets/index-A.js': chunk({ entry: '/app/index.html', imports: ['assets/shared-D.js'] }),
      'assets/shared-D.js': chunk({}),
      'assets/de-B.js': chunk({
        module: '/app/src/app/i18n/de.ts',
        imports: ['assets/shared-D.js', 'assets/de-words-C.js'],
      }),
      'assets/de-words-C.js': chunk({}),
      'assets/everyday-screens-E.js': chunk({ module: '/app/src/app/everyday-screens.ts' }),
    };
    const signIn = staticClosure(bundle);
    expect(catalogueFiles(bundle, signIn)).toEqual(
      new Map([['de', ['assets/de-B.js', 'assets/de-words-C.js']]]),
    );
  });
});
