import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';

// Screens as lazy routes of the data router: lists keep their state in the address, unknown paths stay in
// the portal's frame, and a screen whose code is gone after a deploy asks for a reload.

async function signInAdmin(page: import('@playwright/test').Page) {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
}

test('a list keeps its tab and search in the address: reload and back restore them', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/requests');
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/[?&]tab=pending/);
  await page.getByRole('searchbox', { name: 'Search requests' }).fill('Maria Lopez');
  await expect(page).toHaveURL(/[?&]q=Maria\+Lopez/);
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Maria Lopez');

  await page.reload();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search requests' })).toHaveValue('Maria Lopez');
  await expect(page.getByRole('article').first()).toContainText('Maria Lopez');

  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('tab', { name: /^Approved/ })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search requests' })).toHaveValue('Maria Lopez');
});

test('an unknown path inside a portal shows the 404 in its frame, with the way back to that portal', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('a screen whose code is gone after a deploy asks for a reload', async ({ page }) => {
  await signInAdmin(page);
  // The next screen's chunk no longer exists on the server, as after a new version is deployed.
  await page.route(/\/assets\/BorrowPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByRole('link', { name: 'Borrow Management' }).click();
  await expect(page.getByRole('heading', { name: 'A new version of Campus GSO is available' })).toBeVisible();
  await expectAccessible(page);
  await page.unroute(/\/assets\/BorrowPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Borrow Management' })).toBeVisible();
});
