/**
 * The phone's browser dies while a change is on its way: Chromium is killed (SIGKILL, every
 * process) while the server holds the change's request, and commits it after the phone is gone.
 * Chromium starts again on the same profile on disk: the change is still on the phone, was sent,
 * so the app finds out what happened with the same id. It ends "Confirmed", and the server holds
 * one effect.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import {
  LABEL,
  adjustStock,
  deviceChangeLabel,
  openItem,
  operationIdOnDetail,
  untilConfirmed,
} from './support/app';
import { killChromium, launchPhoneOnDisk } from './support/browser';
import { signInUi } from './support/sign-in';
import { demoItem, useScene } from './support/scene';

const scene = useScene({}, { browser: false });
let profile = '';
beforeEach(async () => {
  profile = await mkdtemp(join(tmpdir(), 'stockroom-phone-'));
});
afterEach(async () => {
  killChromium(profile);
  await rm(profile, { recursive: true, force: true });
});

describe('the browser killed with a change on its way', () => {
  beforeEach(browserScenario);
  it('starts again with the change sent, checks it with the same id, confirmed once', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const before = await api.history(item.id);
    const added = async () =>
      (await api.history(item.id)).filter(
        (e) => !before.some((b) => b.operationId === e.operationId),
      );

    const phone = await launchPhoneOnDisk(profile);
    const page = await phone.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    // The server holds the change's request for a while before it applies it.
    await api.fault({ fault: 'delay', delayMs: 3_000, times: 1 });
    await adjustStock(page, -3);
    await expect.poll(() => deviceChangeLabel(page).textContent()).toBe(LABEL.sending);

    expect(killChromium(profile)).toBeGreaterThan(0);
    // Killed while the server still held the request: nothing was applied yet.
    expect(await added()).toEqual([]);
    await phone.close().catch(() => undefined);
    // The server applies it with nobody left to hear the answer.
    await expect
      .poll(async () => (await added()).map((e) => e.delta), { timeout: 30_000 })
      .toEqual([-3]);

    const again = await launchPhoneOnDisk(profile);
    try {
      const page2 = again.pages()[0] ?? (await again.newPage());
      await page2.goto(scene.server.url);
      await openItem(page2, item.name);
      await untilConfirmed(page2, item.quantity - 3);
      // The phone's change is the one the server applied: the same operation id.
      const [applied] = await added();
      await page2
        .getByRole('region', { name: "This device's changes" })
        .getByRole('link')
        .first()
        .click();
      await expect.poll(() => operationIdOnDetail(page2)).toBe(applied?.operationId);
    } finally {
      await again.close();
    }
    expect((await added()).map((e) => e.delta)).toEqual([-3]);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 3);
  });
});
