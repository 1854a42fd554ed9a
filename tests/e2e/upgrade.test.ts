/**
 * An upgrade as a shop lives it (docs/operations.md#upgrading): the previous
 * release, built from this repository's own history, serves a phone that holds changes it has not
 * sent (made offline: "Saved on this device") and one whose reply was lost ("Outcome unknown"). The
 * old server stops; the current one starts on the same database (migrating it) and serves the
 * current build. The phone comes back online: the app offers its update, the person reloads, and
 * every change is confirmed exactly once, with nothing in the outbox lost.
 *
 * The previous release is a commit named in support/previous-release.ts (tags may not travel with a
 * copy of the repository): a clone without it FAILS with a message saying how to get it, never skips.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server/start';
import { signIn } from '../api/support/api';
import { BASE_ENV } from '../api/support/server';
import { spawnServer, type ServerProcess } from '../multi/support/process';
import { adjustStock, LABEL, openItem, recordLabels } from './support/app';
import { goOffline, launchBrowser, newPhoneContext } from './support/browser';
import { builtPrevious } from './support/previous-release';
import { signInUi } from './support/sign-in';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

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
    const previous = await builtPrevious(cleanups);
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
