/**
 * Forms a phone is happy with: the app's own words for an empty field, in German too,
 * never the browser's validation bubble (every form is noValidate, so the bubble cannot come);
 * Arabic-Indic digits typed into Change read as digits; a note too long is refused in words, never
 * cut; people's text is laid out by its own direction (dir="auto").
 */
import { describe, expect, it } from 'vitest';
import { openItem } from './support/app';
import { newPhoneContext } from './support/browser';
import { demoItem, useScene } from './support/scene';
import { signInUi } from './support/sign-in';

const scene = useScene();

describe('forms a phone is happy with', () => {
  it('an empty sign-in gets the app’s German words, and no form asks the browser to validate', async () => {
    const context = await newPhoneContext(scene.browser, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(scene.server.url);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').getByText('Gib Benutzername und Passwort ein.').waitFor();
    expect(await page.locator('form:not([novalidate])').count()).toBe(0);
    await context.close();
  });

  it('Change reads Arabic-Indic digits; a missing reason is said in words; names keep their direction', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await openItem(page, item.name);
    const form = page.getByRole('form', { name: 'Adjust stock' });
    await form.getByLabel('Change', { exact: true }).fill('٢');
    await form.getByRole('button', { name: 'Save change' }).click();
    await form.getByRole('alert').getByText('Choose a reason for the change.').waitFor();
    expect(await page.locator('form:not([novalidate])').count()).toBe(0);
    await form.getByLabel('Reason').selectOption({ label: 'Received' });
    // A note over the limit is kept whole and refused in words, never cut to 500.
    const note = form.getByLabel('Note (optional)');
    await note.fill('x'.repeat(600));
    expect(await note.inputValue()).toHaveLength(600);
    await form.getByRole('button', { name: 'Save change' }).click();
    await form
      .getByRole('alert')
      .getByText('The note has 600 characters; at most 500 fit. Shorten it: nothing was saved.')
      .waitFor();
    await note.fill('Two from the back room');
    await form.getByRole('button', { name: 'Save change' }).click();
    const mine = page.getByRole('region', { name: "This device's changes" });
    await mine.getByRole('link', { name: `Add 2 to ${item.name}` }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).getAttribute('dir')).toBe('auto');
    await context.close();
  });

  it('New item: the summary under the fields points up to them, in the app’s words', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await page.goto(`${scene.server.url}/#/new-item`);
    const form = page.getByRole('form', { name: 'New item' });
    await form.getByRole('button', { name: 'Create item' }).click();
    const summary = form.getByText('Check the fields marked above.');
    await summary.waitFor();
    const below = await summary.evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const fields = [...(el.closest('form')?.querySelectorAll('input') ?? [])];
      return fields.every((f) => f.getBoundingClientRect().bottom <= top);
    });
    expect(below).toBe(true);
    await context.close();
  });
});
