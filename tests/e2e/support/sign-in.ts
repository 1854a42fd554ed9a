/**
 * Signing in as a person does, by the accessible names of docs/client.md#accessible-names. Free of
 * vitest, so the bench's UI figures use it too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhoneContext } from './browser';

export async function signInUi(page: Page, baseUrl: string, username = 'manager'): Promise<void> {
  await submitSignIn(page, baseUrl, username, SIGN_IN['en-GB']);
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
  await submitSignIn(p, baseUrl, username, SIGN_IN[locale]);
  await p.getByRole('navigation').first().waitFor();
  return { context, p };
}

/** The sign-in form filled and sent, in the words of the page's language. */
async function submitSignIn(
  page: Page,
  baseUrl: string,
  username: string,
  words: (typeof SIGN_IN)[keyof typeof SIGN_IN],
): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel(words.user).fill(username);
  await page.getByLabel(words.password).fill(username);
  await page.getByRole('button', { name: words.submit }).click();
}
