/**
 * Builds the PWA only when its sources changed, and never in front of a running server.
 *
 *   sources ─hash─► .tmp/builds/<hash>/ already complete? ──yes──► point dist at it (done)
 *                                      │ no
 *                                      ▼
 *   take .tmp/build.lock (wait while a live process holds it; take it over from a dead one)
 *     → check again (the holder may have built the same sources)
 *     → build into .tmp/builds/<hash>.part-<pid> → rename to .tmp/builds/<hash> (whole or nothing)
 *     → `dist` becomes a symlink to it, swapped in one rename → drop builds older than the last two
 *
 * So a restart after a crash with unchanged sources starts at once, two starts at once in one
 * checkout never see each other's half-written output, and a running server (which reads its files
 * per request through `dist`) switches from one complete build to the next.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What goes into the browser bundle; a change to anything else does not rebuild. */
export const APP_SOURCES = [
  'src/app',
  'src/client',
  'src/protocol',
  'src/sw',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'tsconfig.json',
  'package-lock.json',
];

export interface AppBuildOptions {
  root: string;
  /** Writes a complete build into `outDir` (an empty directory of its own). */
  build: (outDir: string) => Promise<void>;
  /** Rebuild even when the sources are unchanged. */
  force?: boolean;
  sources?: readonly string[];
  /** How often a waiting start looks at the lock again. */
  pollMs?: number;
}

export interface AppBuildResult {
  built: boolean;
  hash: string;
  dir: string;
}

const DONE = '.complete';

export async function buildAppOnce(options: AppBuildOptions): Promise<AppBuildResult> {
  const { root } = options;
  const hash = await hashSources(root, options.sources ?? APP_SOURCES);
  const builds = join(root, '.tmp', 'builds');
  const dir = join(builds, hash);
  await mkdir(builds, { recursive: true });
  if (!options.force && (await isComplete(dir))) {
    await pointDist(root, dir);
    return { built: false, hash, dir };
  }
  const release = await takeLock(join(root, '.tmp', 'build.lock'), options.pollMs ?? 200);
  try {
    if (!options.force && (await isComplete(dir))) {
      await pointDist(root, dir);
      return { built: false, hash, dir };
    }
    const part = `${dir}.part-${process.pid}-${randomUUID().slice(0, 8)}`;
    await rm(part, { recursive: true, force: true });
    await mkdir(part, { recursive: true });
    await options.build(part);
    await writeFile(join(part, DONE), `${new Date().toISOString()}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(part, dir);
    await pointDist(root, dir);
    await pruneBuilds(builds, dir);
    return { built: true, hash, dir };
  } finally {
    await release();
  }
}

/** SHA-256 over every source file's path and bytes, in a stable order. */
export async function hashSources(root: string, sources: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const source of sources) await collect(join(root, source), files);
  files.sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0');
    hash.update(await readFile(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function collect(path: string, into: string[]): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info) return;
  if (info.isFile()) {
    into.push(path);
    return;
  }
  if (!info.isDirectory()) return;
  for (const entry of await readdir(path)) await collect(join(path, entry), into);
}

async function isComplete(dir: string): Promise<boolean> {
  return (await stat(join(dir, DONE)).catch(() => null)) !== null;
}

/** `dist` → `dir`, replaced in one rename so a reader sees the old build or the new, never none. */
async function pointDist(root: string, dir: string): Promise<void> {
  const dist = join(root, 'dist');
  const target = relative(root, dir);
  const current = await lstat(dist).catch(() => null);
  if (current?.isSymbolicLink() && (await readlink(dist)) === target) return;
  // A `dist` directory from an older checkout (plain `vite build`) is moved out of the way once.
  if (current && !current.isSymbolicLink()) await rm(dist, { recursive: true, force: true });
  const next = `${dist}.next-${process.pid}-${randomUUID().slice(0, 8)}`;
  await unlink(next).catch(() => undefined);
  await symlink(target, next);
  await rename(next, dist);
}

async function pruneBuilds(builds: string, keep: string): Promise<void> {
  const entries = await readdir(builds);
  const complete: { path: string; at: number }[] = [];
  for (const name of entries) {
    if (name.includes('.part-')) continue;
    const path = join(builds, name);
    const done = await stat(join(path, DONE)).catch(() => null);
    if (done) complete.push({ path, at: done.mtimeMs });
  }
  complete.sort((a, b) => b.at - a.at);
  // The newest two stay: the one `dist` points at and the one a server may still be reading.
  for (const { path } of complete.slice(2)) {
    if (path !== keep) await rm(path, { recursive: true, force: true });
  }
}

/**
 * An exclusive lock file that names its holder from the moment it exists (written beside, then
 * hard-linked into place: a holder killed at any point leaves a lock that says who it was), and
 * that a holder which no longer runs loses.
 */
async function takeLock(file: string, pollMs: number): Promise<() => Promise<void>> {
  const me = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const mine = `${file}.${me}`;
  await writeFile(mine, String(process.pid));
  try {
    for (;;) {
      try {
        await link(mine, file);
        return () => rm(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (holder > 0 && !alive(holder)) {
        // Move the dead holder's lock aside under a name of our own; if what we moved turns out to
        // be a live holder's fresh lock (it replaced the dead one meanwhile), put it back.
        const aside = `${file}.stale-${me}`;
        if (
          await rename(file, aside).then(
            () => true,
            () => false,
          )
        ) {
          const moved = Number((await readFile(aside, 'utf8').catch(() => '')).trim());
          if (moved !== holder) await link(aside, file).catch(() => undefined);
          await rm(aside, { force: true });
        }
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    await rm(mine, { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
