/**
 * Builds the PWA once for the browser suites, into a fresh directory of its own (so a running
 * `npm start` keeps its `dist/`), and hands the directory to the tests as `distDir`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = await mkdtemp(join(tmpdir(), 'stockroom-e2e-dist-'));
  // Vitest runs with NODE_ENV=test, which would make React's development build: test what ships.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      configFile: join(project.config.root, 'vite.config.ts'),
      root: project.config.root,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  project.provide('distDir', distDir);
  return () => rm(distDir, { recursive: true, force: true });
}
