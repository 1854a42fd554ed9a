/**
 * docs/client.md#places in real Chromium: a manager creates a place in Settings (an operation like
 * any other), then receives a delivery there: the fake camera (filming a demo item's EAN-13) adds
 * one and stays on; a keyboard-wedge scanner's burst of keystrokes (support/wedge.ts) adds
 * another and lists an unknown code; the same code typed at a person's speed adds nothing; the list
 * survives a reload; Save delivery saves the known line at that place, the unknown stays listed.
 * Then Move stock moves it back, and the Items Place select shows the place's quantities.
 * Pictures for docs/client.md#places: places.png, receive-delivery.png, move-stock.png.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { nav } from './support/app';
import { collectPageErrors } from './support/browser';
import { browserFilming, cameraContext, cameraTracks } from './support/camera-phone';
import { useScene } from './support/scene';
import { screenshot } from './support/screenshot';
import { signInUi } from './support/sign-in';
import { wedgeScan } from './support/wedge';

const scene = useScene();
const LAMP = { name: 'Desk lamp, brass', barcode: '2000014000148' };
const BULB = { name: 'LED bulb E27 8 W', barcode: '2000002700081' };
const UNKNOWN = '4006381333931';

let dir: string;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-delivery-'));
  browser = await browserFilming(dir, LAMP.barcode);
});

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

const line = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Delivery lines' }).getByRole('listitem', { name, exact: true });
const quantityOf = (page: Page, name: string) =>
  line(page, name).getByRole('status', { name: 'Quantity' }).innerText();

describe('places and receiving a delivery', () => {
  it('creates a place, receives by camera and wedge scanner at it, and moves stock back', async () => {
    const context = await cameraContext(browser, scene.server.url);
    const page = await context.newPage();
    errors.push(...collectPageErrors(page));
    await signInUi(page, scene.server.url, 'manager');
    const api = await scene.server.api('manager');
    const lampId = (await api.items()).items.find((i) => i.name === LAMP.name)?.id ?? '';
    const before = (await api.item(lampId)).quantity;

    await nav(page, 'Settings').click();
    const newPlace = page.getByRole('form', { name: 'New place' });
    await newPlace.getByLabel('Place name').fill('Back room');
    await newPlace.getByRole('button', { name: 'Create place' }).click();
    await newPlace.getByText('Confirmed').waitFor({ timeout: 30_000 });
    const places = page.getByRole('region', { name: 'Places' });
    await places.getByRole('button', { name: 'Rename place' }).nth(1).waitFor();
    await screenshot(page, 'places', places);

    await nav(page, 'Items').click();
    await page.getByRole('link', { name: 'Receive delivery' }).click();
    const place = page.getByRole('combobox', { name: 'Place' });
    await expect
      .poll(() => place.locator('option', { hasText: 'Back room' }).count(), { timeout: 30_000 })
      .toBe(1);
    await place.selectOption({ label: 'Back room' });

    // The camera reads the label once, and stays on.
    await expect
      .poll(() => quantityOf(page, LAMP.name).catch(() => ''), { timeout: 30_000 })
      .toBe('1');
    expect((await cameraTracks(page)).live).toBe(1);

    // A wedge scanner: outside any text field, a burst of keys and Enter.
    await wedgeScan(page, LAMP.barcode);
    await expect.poll(() => quantityOf(page, LAMP.name)).toBe('2');
    await wedgeScan(page, UNKNOWN);
    await line(page, `Unknown code ${UNKNOWN}`).waitFor();
    // A person typing the same code (150 ms a key) is no scan: nothing changes.
    await page.keyboard.type(LAMP.barcode, { delay: 150 });
    await page.keyboard.press('Enter');
    expect(await quantityOf(page, LAMP.name)).toBe('2');
    expect(
      await page.getByRole('list', { name: 'Delivery lines' }).getByRole('listitem').count(),
    ).toBe(2);

    // − and + per line; the list survives a reload.
    await line(page, LAMP.name).getByRole('button', { name: 'Add one' }).click();
    await line(page, LAMP.name).getByRole('button', { name: 'Remove one' }).click();
    await page.reload();
    await line(page, `Unknown code ${UNKNOWN}`).waitFor({ timeout: 30_000 });
    // The list came back at 2; the camera, on again, reads the label still in front of it once.
    await expect.poll(() => quantityOf(page, LAMP.name), { timeout: 30_000 }).toBe('3');
    await line(page, `Unknown code ${UNKNOWN}`).waitFor();
    await wedgeScan(page, BULB.barcode);
    await wedgeScan(page, BULB.barcode);
    await expect.poll(() => quantityOf(page, BULB.name)).toBe('2');
    await screenshot(page, 'receive-delivery');

    await page.getByRole('button', { name: 'Save delivery' }).click();
    await page.getByRole('status').filter({ hasText: 'Delivery saved: 2' }).waitFor();
    await line(page, `Unknown code ${UNKNOWN}`).waitFor();
    expect(await line(page, LAMP.name).count()).toBe(0);
    await expect
      .poll(async () => (await api.item(lampId)).stock, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([{ placeId: 'back-room', quantity: 3 }]));
    expect((await api.item(lampId)).quantity).toBe(before + 3);

    // Items at Back room: the lamp with that place's quantity; then Move stock takes it back.
    await nav(page, 'Items').click();
    await page.getByRole('combobox', { name: 'Place' }).selectOption({ label: 'Back room' });
    await page.getByRole('link', { name: LAMP.name, exact: true }).click();
    const move = page.getByRole('form', { name: 'Move stock' });
    await move.getByRole('combobox', { name: 'From' }).selectOption({ label: 'Back room' });
    await move.getByRole('combobox', { name: 'To' }).selectOption({ label: 'Main' });
    await move.getByLabel('Quantity to move').fill('3');
    // The hint under the field says what the From place holds.
    await move.getByText('In stock at Back room: 3').waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Stock per place' }).getByText('Back room: 3').waitFor();
    await move.getByLabel('Quantity to move').blur();
    await screenshot(page, 'move-stock', page.getByRole('heading', { level: 1 }), move);
    await move.getByRole('button', { name: 'Move' }).click();
    await move.getByText('Confirmed').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await api.item(lampId)).stock, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([{ placeId: 'back-room', quantity: 0 }]));
    await context.close();
  });
});
