/**
 * The release tests/e2e/upgrade.test.ts upgrades from, built from this repository's own history
 * and kept, installed and built, in node_modules/.cache between runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ROOT } from '../../multi/support/process';

/** Release 0.1.0 (tag v0.1.0; CHANGELOG.md): the release this one upgrades from. */
export const PREVIOUS_RELEASE = 'd27c3f7f07e774275601043f3b9fb7e25a13075c';

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
}

/**
 * Where the previous release stays, installed and built, between runs: its commit never changes,
 * so neither do its files, its lock's dependencies or its build (the slow part of this test).
 */
const PREVIOUS_CACHE = join(ROOT, 'node_modules', '.cache', 'stockroom-previous', PREVIOUS_RELEASE);

/**
 * The previous release, built: from the cache when an earlier run left it there (the first run of
 * a fresh clone builds it; CI does so before the tests, scripts/previous-release.ts). What it leaves
 * to remove goes to `cleanups`.
 */
export async function builtPrevious(cleanups: (() => Promise<unknown>)[]): Promise<string> {
  const built = join(PREVIOUS_CACHE, 'dist', 'index.html');
  if (existsSync(built)) return PREVIOUS_CACHE;
  const { dir, ownDependencies } = await extractPrevious(cleanups);
  await buildPrevious(dir);
  // This checkout's node_modules change with it: only an install of the release's own lock keeps.
  if (!ownDependencies) return dir;
  // Another checkout sharing node_modules may have cached it meanwhile: either copy is the same.
  await rename(dir, PREVIOUS_CACHE).catch(() => undefined);
  return existsSync(built) ? PREVIOUS_CACHE : dir;
}

/**
 * The previous release's files with their own dependencies: this checkout's node_modules when the
 * locks are the same, else an install of the previous release's lock (installPrevious).
 */
async function extractPrevious(
  cleanups: (() => Promise<unknown>)[],
): Promise<{ dir: string; ownDependencies: boolean }> {
  try {
    git(['cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`]);
  } catch {
    throw new Error(
      `the previous release's commit ${PREVIOUS_RELEASE} (0.1.0) is not in this clone's history: ` +
        'the upgrade test builds it from there. Fetch the full history (git fetch --unshallow, ' +
        'or git fetch origin --tags) and run the test again.',
    );
  }
  // Beside the cache, so that a finished build moves into it in one rename.
  await mkdir(dirname(PREVIOUS_CACHE), { recursive: true });
  const dir = await mkdtemp(`${PREVIOUS_CACHE}-`);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git archive ${PREVIOUS_RELEASE} | tar -x -C "${dir}"`], { cwd: ROOT });
  const [theirs, ours] = await Promise.all([
    readFile(join(dir, 'package-lock.json')),
    readFile(join(ROOT, 'package-lock.json')),
  ]);
  if (theirs.equals(ours)) {
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    return { dir, ownDependencies: false };
  }
  await installPrevious(dir);
  return { dir, ownDependencies: true };
}

/**
 * `npm ci` of the previous release's own lock (from npm's cache where it can), with one exception:
 * 0.1.0 pins better-sqlite3 12.6.2, which has no binary for the Node the suite runs on (26) and
 * does not compile against it (V8 removed an API it uses). Its install script is skipped and the
 * driver is this checkout's (13, the same API, a Node-API binary in its package). The release's
 * own code and every other dependency are as released: @fastify/static 9, for one, calls its
 * `setHeaders` with the raw response, which 10 no longer does.
 */
async function installPrevious(dir: string): Promise<void> {
  await run(
    'npm',
    ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    dir,
    "npm ci of the previous release's lock",
  );
  const driver = join(dir, 'node_modules', 'better-sqlite3');
  await rm(driver, { recursive: true, force: true });
  await symlink(join(ROOT, 'node_modules', 'better-sqlite3'), driver);
}

/** The previous release's own build (its scripts/build.ts, its vite config) into `<dir>/dist`. */
function buildPrevious(dir: string): Promise<void> {
  return run(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts'],
    dir,
    "the previous release's build",
    { ...process.env, NODE_ENV: 'production' },
  );
}

/** Runs a command in `cwd` to its end; fails with `what` and everything it printed. */
function run(
  command: string,
  args: string[],
  cwd: string,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${what} failed:\n${output}`)),
    );
  });
}
