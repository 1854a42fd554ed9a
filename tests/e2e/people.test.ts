/**
 * Settings → People (docs/client.md#people): a manager adds a person, who then signs in on another
 * phone; a manager disables a person signed in on a phone, who is signed out there at the next
 * contact while their unsent change stays on that phone, never sent as someone else; offline, the
 * panel says a connection is needed and nothing is queued.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserScenario } from '../support/reliability';
import { LABEL, adjustStock, deviceChangeLabel, nav, openItem } from './support/app';
import { signInUi } from './support/sign-in';
import { expectConsole, goOffline, NETWORK_FAULTS, newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { screenshot } from './support/screenshot';

const scene = useScene();
// Phones go offline and sessions end on purpose: Chromium logs the requests that meet them.
beforeEach(() =>
  expectConsole(
    ...NETWORK_FAULTS,
    /^error: Failed to load resource: the server responded with a status of 401 /,
  ),
);

const PASSWORD = 'shop-floor-2026';

async function signInAs(page: Page | Locator, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function people(page: Page) {
  return page.getByRole('region', { name: 'People' });
}

function personRow(page: Page, name: string) {
  return people(page).getByRole('listitem', { name });
}

async function addPerson(page: Page, name: string, role: 'Staff' | 'Manager'): Promise<void> {
  const form = people(page).getByRole('form', { name: 'Add person' });
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Add person' }).click();
  await personRow(page, name).waitFor();
}

describe('people', () => {
  beforeEach(browserScenario);

  it('a manager adds a person, who then signs in on another phone', async () => {
    const name = 'sofia';
    const office = await newPhoneContext(scene.browser);
    const desk = await office.newPage();
    await signInUi(desk, scene.server.url, 'manager');
    await nav(desk, 'Settings').click();
    // The manager's own row: no Disable, no Make staff (the server refuses them anyway).
    const own = personRow(desk, 'manager');
    await own.getByRole('button', { name: 'Set password' }).waitFor();
    expect(await own.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    await addPerson(desk, name, 'Staff');
    await expect
      .poll(() => people(desk).getByRole('status').allTextContents())
      .toContain(`${name} can sign in now.`);
    expect(await personRow(desk, name).textContent()).toMatch(/Staff · Active.*Never signed in/);
    // The picture in docs/client.md#people and the README, from the real app.
    await screenshot(desk, 'people', people(desk));

    const floor = await newPhoneContext(scene.browser);
    const phone = await floor.newPage();
    await phone.goto(scene.server.url);
    await signInAs(phone, name, PASSWORD);
    await phone.getByRole('link', { name: 'Items', exact: true }).waitFor();
    await nav(phone, 'Settings').click();
    await phone.getByText(`Signed in as ${name} (staff).`).waitFor();
    // Staff see no People.
    expect(await people(phone).count()).toBe(0);

    // Made manager on the desk, the person sees People at the next sign-in.
    await personRow(desk, name).getByRole('button', { name: 'Make manager' }).click();
    await expect.poll(() => personRow(desk, name).textContent()).toMatch(/Manager · Active/);
    await office.close();
    await floor.close();
  });

  it('a person disabled while signed in is signed out at the next contact; their change stays', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const name = `bo-${randomUUID().slice(0, 8)}`;
    const office = await newPhoneContext(scene.browser);
    const desk = await office.newPage();
    await signInUi(desk, scene.server.url, 'manager');
    await nav(desk, 'Settings').click();
    await addPerson(desk, name, 'Staff');

    const floor = await newPhoneContext(scene.browser);
    const phone = await floor.newPage();
    await phone.goto(scene.server.url);
    await signInAs(phone, name, PASSWORD);
    await phone.getByRole('link', { name: 'Items', exact: true }).waitFor();
    await openItem(phone, item.name);
    await goOffline(floor);
    await adjustStock(phone, -1);
    await expect.poll(() => deviceChangeLabel(phone).textContent()).toBe(LABEL.queued);

    await personRow(desk, name).getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => personRow(desk, name).textContent()).toMatch(/Staff · Disabled/);

    // Back online, the phone's next contact meets the ended session: sign in again.
    await floor.setOffline(false);
    await phone.getByRole('heading', { name: 'Sign in again' }).waitFor({ timeout: 60_000 });
    // The change stays on the phone with its id, waiting for its person's sign-in.
    expect([LABEL.queued, LABEL.waiting]).toContain(await deviceChangeLabel(phone).textContent());
    expect((await api.item(item.id)).quantity).toBe(item.quantity);
    // A disabled person cannot sign in again.
    const again = phone.getByRole('region', { name: 'Sign in again' });
    await signInAs(again, name, PASSWORD);
    await again.getByRole('alert').filter({ hasText: 'Wrong username or password.' }).waitFor();

    // Someone else signs in on that phone: bo's change is not theirs to send.
    await signInAs(again, 'demo', 'demo');
    await nav(phone, 'Settings').click();
    await phone.getByText('Signed in as demo (staff).').waitFor();
    expect(await nav(phone, 'Activity').textContent()).toBe('Activity');
    await phone.getByRole('button', { name: 'Sign out', exact: true }).click();
    // Still on the phone, waiting for bo.
    await phone
      .getByText(`1 change by ${name} is waiting; sign in as ${name} to send it.`)
      .waitFor();
    expect((await api.item(item.id)).quantity).toBe(item.quantity);
    expect(await api.history(item.id)).not.toContainEqual(
      expect.objectContaining({ userName: 'demo', delta: -1 }),
    );
    await office.close();
    await floor.close();
  });

  it('offline, People says a connection is needed and queues nothing', async () => {
    const name = `cy-${randomUUID().slice(0, 8)}`;
    const office = await newPhoneContext(scene.browser);
    const desk = await office.newPage();
    await signInUi(desk, scene.server.url, 'manager');
    await nav(desk, 'Settings').click();
    await personRow(desk, 'demo').waitFor();
    await goOffline(office);
    await people(desk).getByText('Changing accounts needs a connection.').waitFor();
    const form = people(desk).getByRole('form', { name: 'Add person' });
    await form.getByLabel('Username').fill(name);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('Changing accounts needs a connection.');
    await personRow(desk, 'demo').getByRole('button', { name: 'Disable' }).click();
    await expect
      .poll(() => personRow(desk, 'demo').getByRole('alert').textContent())
      .toBe('Changing accounts needs a connection.');
    expect(await nav(desk, 'Activity').textContent()).toBe('Activity');

    await office.setOffline(false);
    await expect.poll(() => personRow(desk, 'demo').textContent()).toMatch(/Staff · Active/);
    const api = await scene.server.api();
    const listed = await api.get('/api/users');
    expect(JSON.stringify(listed.body)).not.toContain(name);
    expect(await nav(desk, 'Activity').textContent()).toBe('Activity');
    await office.close();
  });
});
