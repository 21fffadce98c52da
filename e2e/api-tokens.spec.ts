// API tokens (docs/decisions/api-tokens.md): an administrator makes a token for another system on API Tokens, sees
// its secret once (a reload shows only the list), the token reads what its scope allows, and is revoked after a
// confirmation, from which moment it is refused. The token's name is unique, so the journey runs beside the others.
import { request } from '@playwright/test';
import { expect, test } from './clock';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

test('an administrator makes an API token, sees it once, and revokes it', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const name = `Registrar sync ${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'API Tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API Token' });
  // No area chosen: the form says so in the product's words.
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Give the token read or read and write access to at least one area.')).toBeVisible();
  await dialog.getByRole('radiogroup', { name: 'Locations access' }).getByText('Read', { exact: true }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: `Token made: ${name}` });
  const secretBox = shown.getByRole('textbox', { name: 'API token' });
  await expect(secretBox).toHaveValue(/^gso_\d+_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Locations: read');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The token works as its scope says.
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  expect((await other.get('/api/buildings')).status()).toBe(200);
  expect((await other.get('/api/items')).status()).toBe(403);

  // After a reload the secret is nowhere on the page; last use is shown.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  expect(await page.content()).not.toContain(secret.slice(-43));

  // At 360 px: no sideways scroll, still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Revoked after a confirmation, and refused from then on.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  await expectAccessible(page);
  expect((await other.get('/api/buildings')).status()).toBe(401);
  await other.dispose();
});
