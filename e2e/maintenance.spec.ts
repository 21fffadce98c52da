import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, signIn } from './support';

test('maintenance on sends visitors to /maintenance; once off, Try Again returns to the remembered path', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Settings' }).click();
  const toggle = admin.getByRole('switch', { name: 'Maintenance mode' });
  await expectAccessible(admin);
  await toggle.click();
  await expect(toggle).toBeChecked();

  try {
    await page.goto('/register?from=maint');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: MSG.maintenanceTitle })).toBeVisible();
    await expect(page.getByText(MSG.maintenanceCode)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);
    await expectAccessible(page);

    // An unknown path goes to the maintenance screen too, not to a 404 (docs/decisions/maintenance-mode.md).
    const lost = await (await browser.newContext()).newPage();
    await lost.goto('/no/such/page');
    await expect(lost).toHaveURL(/\/maintenance$/);
    await expect(lost.getByRole('heading', { name: MSG.maintenanceTitle })).toBeVisible();
    await expect(lost.getByRole('heading', { name: MSG.notFoundTitle })).toHaveCount(0);
    // So do the pre-rendered sign-in pages, which run without the app's router; the admin's door stays open.
    await lost.goto('/login');
    await expect(lost).toHaveURL(/\/maintenance$/);
    await lost.goto('/admin-login');
    await expect(lost.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await lost.close();

    // The landing page shows the dialog instead.
    const landing = await (await browser.newContext()).newPage();
    await landing.goto('/');
    await expect(landing.getByRole('dialog', { name: MSG.maintenanceTitle })).toBeVisible();
    await landing.close();

    // The API refuses non-admin work too, while the admin portal stays open.
    const api = await page.request.post('/api/auth/login', {
      data: { email: 'student@campus.test', password: 'student123', portal: 'user' },
    });
    expect(api.status()).toBe(503);
    await admin.reload();
    await expect(admin.getByRole('switch', { name: 'Maintenance mode' })).toBeChecked();

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('still under maintenance')).toBeVisible();
    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await expect(admin.getByRole('switch', { name: 'Maintenance mode' })).not.toBeChecked();
  } finally {
    // Whatever happened above, the journeys after this one need the site open.
    await admin.request.put('/api/site/maintenance', { data: { enabled: false } });
  }
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/register\?from=maint$/);
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  // Arriving at the maintenance screen (a reload, a bookmark) while the site is open leaves it.
  await page.goto('/maintenance');
  await expect(page).toHaveURL(/:\d+\/$/);
});
