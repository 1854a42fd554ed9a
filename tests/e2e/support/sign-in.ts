/**
 * Signing in as a person does, by the accessible names of docs/client.md#accessible-names. Free of
 * vitest, so the bench's UI figures use it too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhoneContext } from './browser';

export async function signInUi(page: Page, baseUrl: string, username = 'manager'): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Items', exact: true }).waitFor();
}

/** Sign-in words per language (the form is the first thing a phone in that language shows). */
export const SIGN_IN = {
  'en-GB': { user: 'Username', password: 'Password', submit: 'Sign in' },
  'de-DE': { user: 'Benutzername', password: 'Passwort', submit: 'Anmelden' },
} as const;

/** A new phone in `locale`, signed in as `username` (whose password is the same word). */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  locale: keyof typeof SIGN_IN,
  username: string,
): Promise<{ context: BrowserContext; p: Page }> {
  const context = await newPhoneContext(browser, { locale });
  const p = await context.newPage();
  const words = SIGN_IN[locale];
  await p.goto(baseUrl);
  await p.getByLabel(words.user).fill(username);
  await p.getByLabel(words.password).fill(username);
  await p.getByRole('button', { name: words.submit }).click();
  await p.getByRole('navigation').first().waitFor();
  return { context, p };
}
