/**
 * Signing in as a person does, by the accessible names of docs/client.md#accessible-names. Free of
 * vitest, so the bench's UI figures use it too.
 */
import type { Page } from 'playwright-core';

export async function signInUi(page: Page, baseUrl: string, username = 'manager'): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Items', exact: true }).waitFor();
}
