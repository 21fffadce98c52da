import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

// Site settings: the office's details and the campus map are settings an administrator changes, not code.

test('an admin changes the office contact details and the campus map; the landing page shows them', async ({ page, browser }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  const office = page.getByRole('region', { name: 'Office details' });
  await expect(office.getByLabel('Office name')).not.toHaveValue('');
  const before = {
    name: await office.getByLabel('Office name').inputValue(),
    phone: await office.getByLabel('Phone').inputValue(),
  };
  await expectAccessible(page);

  // The form says what is missing before anything is sent.
  await office.getByLabel('Phone').fill('');
  await office.getByRole('button', { name: 'Save Office Details' }).click();
  await expect(office.getByText('Phone is required')).toBeVisible();
  const phone = `(02) 8${Date.now().toString().slice(-7)}`;
  await office.getByLabel('Phone').fill(phone);
  await office.getByLabel('Office name').fill('Journey Services Office');
  await office.getByRole('button', { name: 'Save Office Details' }).click();
  await expect(page.getByText(MSG.officeSaved)).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  const footer = visitor.getByRole('contentinfo');
  await expect(footer.getByText('Journey Services Office')).toBeVisible();
  await expect(footer.getByRole('link', { name: phone })).toBeVisible();

  // A map upload shows in the card; a file that is not an image is refused in the browser.
  const map = page.getByRole('region', { name: 'Campus map' });
  await map.locator('#campus-map-file').setInputFiles({ name: 'map.txt', mimeType: 'text/plain', buffer: Buffer.from('not a map') });
  await expect(map.getByRole('alert')).toContainText(MSG.itemPhotoType);
  await expect(map.getByRole('button', { name: 'Upload Map' })).toBeDisabled();
  await map.locator('#campus-map-file').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
  await map.getByRole('button', { name: 'Upload Map' }).click();
  await expect(page.getByText(MSG.campusMapSaved)).toBeVisible();
  await expect(map.getByRole('img', { name: 'The campus map now shown' })).toHaveAttribute('src', /\/api\/site\/campus-map\?v=/);
  // Checked once the toasts have gone: axe reads a toast that is still fading in as too faint.
  await expect(page.getByText(MSG.campusMapSaved)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText(MSG.officeSaved)).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to the shipped map and the details as they were, after a confirmation.
  await map.getByRole('button', { name: 'Use the Default Map' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(MSG.campusMapRemoved)).toBeVisible();
  await expect(map.getByRole('img', { name: 'The campus map now shown' })).toHaveAttribute('src', '/campus-map.svg');
  await office.getByLabel('Office name').fill(before.name);
  await office.getByLabel('Phone').fill(before.phone);
  await office.getByRole('button', { name: 'Save Office Details' }).click();
  await expect(page.getByText(MSG.officeSaved).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('contentinfo').getByText(before.name)).toBeVisible();
  await visitor.close();
});

test('an administrator sees the scheduled jobs, each with its last and next run; staff do not', async ({ page, browser }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  const jobs = page.getByRole('region', { name: 'Scheduled jobs' });
  const list = jobs.getByRole('list', { name: 'Scheduled jobs' });
  for (const label of ['Return reminders', 'Repair deadline alerts', 'Scheduled reports', 'Housekeeping'])
    await expect(list.getByRole('listitem').filter({ hasText: label })).toContainText(/Next run: (within a minute|\w{3} \d{1,2}, \d{4})/);
  await expectAccessible(page);
  await jobs.screenshot({ path: test.info().outputPath('scheduled-jobs-1280.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await jobs.screenshot({ path: test.info().outputPath('scheduled-jobs-360.png') });

  const staff = await browser.newPage();
  await signIn(staff, '/admin-login', 'staff@campus.test', 'staff123');
  await staff.goto('/admin/settings');
  await expect(staff.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Scheduled jobs' })).toHaveCount(0);
});
