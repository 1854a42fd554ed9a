/**
 * An upgrade as a shop lives it (docs/operations.md#upgrading): the previous
 * release, built from this repository's own history, serves a phone that holds changes it has not
 * sent (made offline: "Saved on this device") and one whose reply was lost ("Outcome unknown"). The
 * old server stops; the current one starts on the same database (migrating it) and serves the
 * current build. The phone comes back online: the app offers its update, the person reloads, and
 * every change is confirmed exactly once, with nothing in the outbox lost.
 *
 * The previous release is a commit named here (tags may not travel with a copy of the repository):
 * a clone without it FAILS with a message saying how to get it, never skips.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server/start';
import { signIn } from '../api/support/api';
import { BASE_ENV } from '../api/support/server';
import { ROOT, spawnServer, type ServerProcess } from '../multi/support/process';
import { adjustStock, LABEL, openItem, recordLabels } from './support/app';
import { goOffline, launchBrowser, newPhoneContext } from './support/browser';
import { signInUi } from './support/sign-in';

/** Release 0.1.0 (tag v0.1.0; CHANGELOG.md): the release this one upgrades from. */
const PREVIOUS_RELEASE = 'd27c3f7f07e774275601043f3b9fb7e25a13075c';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
}

/**
 * Where the previous release stays, installed and built, between runs: its commit never changes,
 * so neither do its files, its lock's dependencies or its build (the slow part of this test).
 */
const PREVIOUS_CACHE = join(ROOT, 'node_modules', '.cache', 'stockroom-previous', PREVIOUS_RELEASE);

/** The previous release, built: from the cache when an earlier run left it there. */
async function builtPrevious(): Promise<string> {
  const built = join(PREVIOUS_CACHE, 'dist', 'index.html');
  if (existsSync(built)) return PREVIOUS_CACHE;
  const { dir, ownDependencies } = await extractPrevious();
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
async function extractPrevious(): Promise<{ dir: string; ownDependencies: boolean }> {
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

const schemaOf = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('upgrade from the previous release with a phone holding work', () => {
  it('unsent and unknown changes are each confirmed once after the update', async () => {
    const previous = await builtPrevious();
    const data = await mkdtemp(join(tmpdir(), 'stockroom-upgrade-db-'));
    cleanups.push(() => rm(data, { recursive: true, force: true }));
    const file = join(data, 'stockroom.db');
    const env = {
      ...BASE_ENV,
      DATABASE_URL: `sqlite:${file}`,
      EXPORT_FILE: join(data, 'export.jsonl'),
    };

    const old: ServerProcess = await spawnServer(
      { ...env, STATIC_DIR: join(previous, 'dist') },
      'src/server/main.ts',
      120_000,
      previous,
    );
    cleanups.push(() => old.stop());
    const base = old.url;
    const port = new URL(base).port;
    const browser: Browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const context = await newPhoneContext(browser);
    const page = await context.newPage();

    let api = await signIn(base);
    const item = (await api.items()).items.find((i) => i.quantity >= 10);
    if (!item) throw new Error('the demo data has no item with 10 in stock');
    await signInUi(page, base);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await openItem(page, item.name);
    const labels = await recordLabels(page);
    const rows = page
      .getByRole('region', { name: "This device's changes" })
      .locator('.op-row__label');

    // A change whose reply is lost: the old server commits it, the phone does not know.
    await api.fault({ fault: 'drop-response', times: 1_000 });
    await adjustStock(page, -3);
    await expect
      .poll(async () => (await labels()).some((l) => l.includes(LABEL.unknown)), {
        timeout: 60_000,
      })
      .toBe(true);
    // Offline before the faults go, so the phone cannot settle it with the old server.
    await goOffline(context);
    await api.clearFaults();
    // Two changes made offline: saved on the device, never sent.
    await adjustStock(page, -1);
    await adjustStock(page, -2);
    await expect
      .poll(async () => (await rows.allTextContents()).filter((t) => t === LABEL.queued).length)
      .toBe(2);
    const schemaBefore = schemaOf(file);

    // The upgrade: a clean stop of the old server, the current one on the same database and port.
    old.child.kill('SIGTERM');
    expect(await old.exited).toBe(0);
    const current: RunningServer = await startServer({
      ...env,
      PORT: port,
      STATIC_DIR: inject('distDir'),
    });
    cleanups.push(() => current.close());
    // It migrated: this version has migrations 0.1.0 lacks (when PREVIOUS_RELEASE moves to a
    // release with every migration, this says so).
    expect(schemaBefore).toBeLessThan(current.store.latestSchema);
    expect(schemaOf(file)).toBe(current.store.latestSchema);

    // Back online: the old app sends to the new server, and offers the new version.
    await context.setOffline(false);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await page.getByText('A new version of Stockroom is ready.').waitFor({ timeout: 60_000 });
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload to update' }).click(),
    ]);
    await openItem(page, item.name);

    // Every change confirmed, none lost from the outbox, each applied once on the server.
    await expect
      .poll(async () => rows.allTextContents(), { timeout: 60_000 })
      .toEqual([LABEL.confirmed, LABEL.confirmed, LABEL.confirmed]);
    api = await signIn(current.url);
    const mine = (await api.history(item.id)).filter((e) => e.userName === 'manager');
    expect(mine.map((e) => e.delta).sort()).toEqual([-1, -2, -3]);
    expect(new Set(mine.map((e) => e.operationId)).size).toBe(3);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 6);
    await context.close();
  }, 600_000);
});
