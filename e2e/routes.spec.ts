import { expect, test, type Page } from '@playwright/test';
import type { RequestList } from '../core/borrowing/schemas';
import { MSG } from '../core/messages';
import { expectAccessible, signIn } from './support';

// Screens as routes of the data router: a list's tab and search live in the address, an unknown path inside a
// portal stays inside its shell, and a screen whose code is gone after a deploy asks for a reload.

async function signInAdmin(page: Page) {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
}

test('a board keeps its tab and search in the address: reload shows the same list, back the previous tab', async ({ page }) => {
  await signInAdmin(page);
  const res = await page.request.get('/api/borrow-requests?status=pending&pageSize=1');
  const [target] = ((await res.json()) as RequestList).items;
  expect(target, 'a pending request').toBeTruthy();

  await page.getByRole('link', { name: 'Borrow Requests' }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/\/admin\/requests\?tab=pending$/);
  const search = page.getByRole('searchbox', { name: 'Search requests' });
  await search.pressSequentially(target.code, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`\\?tab=pending&q=${target.code}$`));
  const card = page.getByRole('article', { name: target.code, exact: true });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveValue(target.code);
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectAccessible(page);

  // Another tab is a step in the history; the typing was not (one entry for the search, not one per key).
  await page.getByRole('tab', { name: /^Rejected/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?tab=rejected&q=${target.code}$`));
  await expect(page.getByText(MSG.noRequestsFound)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?tab=pending&q=${target.code}$`));
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expect(card).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveValue('');
});

test('an unknown path inside the admin portal shows the 404 inside the shell, leading back to the dashboard', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/nope');
  await expect(page.getByRole('heading', { name: MSG.notFoundTitle })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Total Users')).toBeVisible();
});

test('a screen whose code cannot be fetched any more says a new version is available, and Reload loads it', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Borrow Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Service Requests' })).toBeVisible();

  // As after a deploy: the old script files are gone.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.getByRole('link', { name: 'Borrow Management' }).click();
  await expect(page.getByRole('heading', { name: 'A new version of Campus GSO is available' })).toBeVisible();
  // Inside the portal's shell, which still works.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page);

  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/admin\/borrow$/);
  await expect(page.getByRole('heading', { name: 'Borrow Management' })).toBeVisible();
});
