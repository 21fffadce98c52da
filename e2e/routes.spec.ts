import { expect, test } from './clock';
import { addDays, todayIn } from '../core/time';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Screens as lazy routes of the data router: lists keep their state in the address, unknown paths stay in
// the portal's frame, and a portal whose code is gone after a deploy asks for a reload.

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

test('a portal whose code is gone after a deploy asks for a reload', async ({ page }) => {
  // The portal's chunk no longer exists on the server, as after a new version is deployed.
  const adminChunk = /\/assets\/admin-[\w-]{8}\.js$/;
  await page.route(adminChunk, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page.getByRole('heading', { name: 'A new version of Campus GSO is available' })).toBeVisible();
  await expectAccessible(page);
  await page.unroute(adminChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a session that ends during an action leads to the login with a word of why, and back after signing in', async ({ page }) => {
  await signIn(page, '/login', 'mlopez@campus.test', 'student123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users/requests?tab=pending');
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  // The session ends on the server (expired, or signed out elsewhere).
  await page.request.post('/api/auth/logout', { data: {} });
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill('mlopez@campus.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('student123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users\/requests\?tab=approved$/);
});

test('a long unbroken word wraps on cards and on the printed request, at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'cbautista@campus.test', password: 'student123', portal: 'user' },
  });
  expect(login.ok()).toBe(true);
  const broom = (await (await page.request.get('/api/items?search=Broom')).json()).items[0];
  const today = todayIn('Asia/Manila');
  const made = await page.request.post('/api/borrow-requests', {
    data: {
      purpose: 'x'.repeat(1000),
      dateNeeded: today,
      dateExpectedReturn: addDays(today, 1),
      items: [{ itemId: broom.id, quantity: 1 }],
    },
  });
  expect(made.status()).toBe(201);
  const { id, code } = (await made.json()).request;
  await page.goto(`/users/requests?q=${code}`);
  await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto(`/print/requests/${id}`);
  await expect(page.getByText(code).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('typing a search is one step in the history, not one per key', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Borrow Requests' }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await page.getByRole('searchbox', { name: 'Search requests' }).pressSequentially('Maria Lopez', { delay: 40 });
  await expect(page).toHaveURL(/\?tab=pending&q=Maria\+Lopez$/);
  await page.getByRole('tab', { name: /^Rejected/ }).click();
  await expect(page).toHaveURL(/\?tab=rejected&q=Maria\+Lopez$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=pending&q=Maria\+Lopez$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search requests' })).toHaveValue('');
});

test("with every script of the old version gone, the portal's screens still open: they came with the portal", async ({ page }) => {
  await signInAdmin(page);
  // The app, not the drawn page, must be what is clicked: the drawn page's links load the next page whole, and with
  // its scripts cut off below, that page would stay drawn (its header's buttons are inert until the app runs).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('link', { name: 'Borrow Requests' }).click();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toBeVisible();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A new version of Campus GSO is available' })).toHaveCount(0);
});
