import { expect, test } from './clock';
import { expectAccessible, signIn } from './support';

// The office boards have a compact table view, remembered per person.

test('an admin switches the boards to a table, which stays after a reload and is the admin’s own choice', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/requests');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Table', { exact: true }).click();
  const table = page.getByRole('table', { name: 'Borrow requests' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  for (const column of ['Request', 'Requester', 'Purpose', 'Items', 'Return by', 'Status', 'Actions'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  // Twenty requests fit one screen of 1280 x 800 below the header, search and tabs.
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(21);
  expect((await table.boundingBox())!.height, 'the table of 20 fits an 800 px screen').toBeLessThan(800);
  // Every row's actions are on screen without scrolling sideways.
  const approve = (await table.getByRole('button', { name: 'Approve' }).first().boundingBox())!;
  expect(approve.x + approve.width).toBeLessThanOrEqual(1280);
  await expectAccessible(page);
  // The pending queue's actions are in the rows.
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(table.getByRole('button', { name: 'Approve' }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Borrow requests' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Table' })).toBeChecked();

  // Borrow records have their own switch.
  await page.goto('/admin/borrow');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Table', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Borrow records' })).toBeVisible();
  const markReturned = page.getByRole('table', { name: 'Borrow records' }).getByRole('button', { name: 'Mark Returned' }).first();
  await expect(markReturned).toBeVisible();
  const mark = (await markReturned.boundingBox())!;
  expect(mark.x + mark.width).toBeLessThanOrEqual(1280);
  await expectAccessible(page);

  // Another person in the same browser keeps the cards.
  await page.request.post('/api/auth/logout', { data: {} });
  await signIn(page, '/admin-login', 'staff@campus.test', 'staff123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/requests');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cards' })).toBeChecked();
});
