/**
 * The Scenarios Server busy, Too old to apply and Old backup restored, in a real browser: each runs
 * in step-by-step mode and each state word of its change stays on screen at least a second
 * (measured in the page, so nothing here sleeps: support/scenario-story.ts); the timeline's server
 * rows are words, never raw event codes. Then the Armed faults list says what the server's rules
 * are, and the server's clock moved 8 days on gives a deadline after its new time. The three
 * stories whose outcome is unknown until checked: scenarios-unknown.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { nav } from './support/app';
import { signInUi } from './support/sign-in';
import { newPhoneContext } from './support/browser';
import { useScene } from './support/scene';
import { playStepByStep, serverRuleWords, shownRuleWords, stories } from './support/scenario-story';

const scene = useScene();

describe('scenarios, step by step', () => {
  it.each(stories('Server busy', 'Too old to apply', 'Old backup restored'))(
    '%s: each state stays on screen at least a second',
    (name, words) => playStepByStep(scene, name, words),
    180_000,
  );

  it('Armed faults says what each of the server’s rules will do, and how often', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await nav(page, 'Tester').click();
    // The stories above left nothing armed (each removes what is left of its rule as it ends).
    expect(await serverRuleWords(scene)).toEqual([]);
    for (const button of [
      'Drop next request',
      'Drop next response',
      'Fail next before commit',
      'Delay next',
      'Make server unavailable',
    ]) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page
        .getByRole('button', { name: button, exact: true })
        .and(page.locator(':enabled'))
        .waitFor();
    }
    const server = await serverRuleWords(scene);
    expect(server).toHaveLength(5);
    await expect.poll(async () => (await shownRuleWords(page)).join('\n')).toBe(server.join('\n'));
    const kinds = await page.locator('.armed-faults__rule .fault-kind').allTextContents();
    expect(kinds).toEqual(['One-shot', 'One-shot', 'One-shot', 'One-shot', 'Lasting']);
    // Each removable: the server's rules go with them.
    const entries = page.getByRole('list', { name: 'Armed faults' }).getByRole('listitem');
    for (let left = 5; left > 0; left--) {
      await entries.first().getByRole('button', { name: 'Remove' }).click();
      await expect.poll(async () => (await serverRuleWords(scene)).length).toBe(left - 1);
    }
    await page.getByText('No faults armed: the server handles every request normally.').waitFor();
    await context.close();
  });

  it('after the clock is advanced 8 days, Settings gives a deadline after the server’s new time', async () => {
    const context = await newPhoneContext(scene.browser);
    const page = await context.newPage();
    await signInUi(page, scene.server.url);
    await nav(page, 'Tester').click();
    const clock = page.getByRole('form', { name: 'Server clock' });
    await clock.getByLabel('Advance by').fill('8');
    await clock.getByLabel('Unit').selectOption('days');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await page.getByText(/^Server clock is now/).waitFor();
    await nav(page, 'Settings').click();
    const section = page.getByRole('region', { name: 'Deadline for changes' });
    await expect.poll(() => section.textContent()).toMatch(/\d+ days ahead of this device/);
    await expect
      .poll(() => section.textContent())
      .toMatch(/Changes made now must reach the server by/);
    expect(await section.textContent()).not.toMatch(/has passed/);
    // The page says "must reach the server by" only for a deadline after the server's time (else
    // that it has passed); the server's clock did move past the old lease's week.
    const api = await scene.server.api();
    const serverNow = Date.parse(((await api.get('/api/sim/clock')).body as { now: string }).now);
    expect(serverNow).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    await context.close();
  });
});
