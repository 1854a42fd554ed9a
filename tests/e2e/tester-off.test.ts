/**
 * With tester mode off, the app knows it from the sign-in answer and never asks for the
 * tester routes: no 404 and no console error on any screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { nav, openItem } from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene({ SIMULATE: '0' });
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  context = await newPhoneContext(scene.browser);
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
  context.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
});

afterAll(async () => {
  await context.close();
});

describe('tester mode off', () => {
  it('no screen makes a failing request or logs an error', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    await nav(page, 'Activity').click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await nav(page, 'Settings').click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // A fresh start on the stored session (a path that could probe the tester clock).
    await page.reload();
    await nav(page, 'Items').click();
    await page.getByRole('link', { name: item.name, exact: true }).waitFor();
    expect(await nav(page, 'Tester').count()).toBe(0);
    await page.goto(`${scene.server.url}/#/review`);
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    expect(problems).toEqual([]);
  });
});
