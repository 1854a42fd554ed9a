/**
 * `npm start` builds the app only when its sources changed, and concurrent starts in one checkout
 * never break each other's build (issue: two servers started together failed with `dist/sw.js` not
 * found). The real vite build is replaced by a fake one that takes a while and writes two files,
 * so the interleavings are real but the test stays cheap.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAppOnce, type AppBuildOptions } from '../../scripts/app-build';

let root: string;
let builds: number;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'stockroom-build-'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'src', 'main.ts'), 'console.log(1);\n');
  builds = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A build that takes a few event-loop turns and writes its output in two steps. */
function options(extra: Partial<AppBuildOptions> = {}): AppBuildOptions {
  return {
    root,
    sources: ['src'],
    pollMs: 10,
    build: async (outDir) => {
      builds += 1;
      await writeFile(join(outDir, 'index.html'), '<!doctype html>');
      await new Promise((resolve) => setImmediate(resolve));
      await writeFile(join(outDir, 'sw.js'), `// build ${builds}`);
    },
    ...extra,
  };
}

const served = (file: string) => readFile(join(root, 'dist', file), 'utf8');

describe('building the app for npm start', () => {
  it('builds once, then starts without building while the sources are unchanged', async () => {
    const first = await buildAppOnce(options());
    const second = await buildAppOnce(options());
    expect(first.built).toBe(true);
    expect(second.built).toBe(false);
    expect(builds).toBe(1);
    expect(await served('sw.js')).toBe('// build 1');
  });

  it('rebuilds when a source changes, and dist switches to the new build whole', async () => {
    const first = await buildAppOnce(options());
    await writeFile(join(root, 'src', 'main.ts'), 'console.log(2);\n');
    const second = await buildAppOnce(options());
    expect(second.built).toBe(true);
    expect(second.hash).not.toBe(first.hash);
    expect(await readlink(join(root, 'dist'))).toContain(second.hash);
    expect(await served('sw.js')).toBe('// build 2');
  });

  it('lets two starts at once in one checkout finish with one complete build', async () => {
    const results = await Promise.all([buildAppOnce(options()), buildAppOnce(options())]);
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(builds).toBe(1);
    expect(await served('index.html')).toBe('<!doctype html>');
    expect(await served('sw.js')).toBe('// build 1');
  });

  it('ignores the half-written output and the lock of a start that was killed', async () => {
    const deadPid = await exitedPid();
    await mkdir(join(root, '.tmp', 'builds', 'whatever.part-1'), { recursive: true });
    await writeFile(join(root, '.tmp', 'build.lock'), String(deadPid));
    const result = await buildAppOnce(options());
    expect(result.built).toBe(true);
    expect(await served('sw.js')).toBe('// build 1');
  });

  it('replaces a plain dist directory left by an older checkout', async () => {
    await mkdir(join(root, 'dist'));
    await writeFile(join(root, 'dist', 'sw.js'), 'old');
    await buildAppOnce(options());
    expect(await served('sw.js')).toBe('// build 1');
  });
});

/** The pid of a process that has already exited (a start killed while it held the lock). */
function exitedPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid ?? 0));
  });
}
