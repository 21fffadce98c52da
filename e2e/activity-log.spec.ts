import { expect, test } from './clock';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// The whole activity log for administrators, filtered by person, action type and days, exported as CSV.

test('an admin filters the activity log and exports what it shows as CSV', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity Log' }).click();
  await expect(page.getByRole('heading', { name: 'Activity Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity log' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page);

  // One action type, chosen and shown in words: every row shows it.
  await page.getByRole('combobox', { name: 'Action type' }).click();
  await page.getByRole('option', { name: 'Repair reported', exact: true }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Repair reported');
  const cells = table.locator('tbody tr td:nth-child(3)');
  await expect(async () => {
    const types = await cells.allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Repair reported']));
  }).toPass();
  // The filter lives in the address: a reload shows the same list, and Back returns to the whole log.
  await expect(page).toHaveURL(/[?&]type=repair_report_created/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Action type' })).toHaveValue('Repair reported');
  await expect(table.getByRole('row').nth(1)).toContainText('Repair reported');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/activity-log$/);
  await expect(page.getByRole('combobox', { name: 'Action type' })).toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(/[?&]type=repair_report_created/);

  // A day long ago holds nothing.
  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-01-02');
  await expect(page.getByText('No activity matches the filter.')).toBeVisible();
  await page.getByLabel('From').fill('');
  await page.getByLabel('To').fill('');
  // The export takes the filters shown: once the list is back, so is the link.
  await expect(table.getByRole('row').nth(1)).toContainText('Repair reported');
  await expect(page.getByRole('link', { name: 'Export CSV' })).not.toHaveAttribute('href', /2001-01/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^activity_log_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString();
  expect(text.split('\n')[0]).toBe('Time (UTC),Person,Action,Description');
  expect(text).toContain('repair_report_created');
  expect(text).not.toMatch(/,request_created,/);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
});
