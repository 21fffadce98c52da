import { expect, test } from './clock';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Generate Report on the admin dashboard opens the office's figures in a new tab, printable and as a PDF.

test('an admin generates the office report from the dashboard and downloads it as a PDF', async ({ page, context }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  const [report] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Generate Report' }).click()]);
  await expect(report).toHaveURL(/\/print\/office-report$/);
  await expect(report.getByRole('heading', { name: 'Office Report' })).toBeVisible();
  for (const section of ['Users', 'Borrow requests by status', 'Repair reports by status', 'Stock'])
    await expect(report.getByRole('heading', { name: section, exact: true })).toBeVisible();
  const stock = report.getByRole('table').filter({ hasText: 'Items in all' });
  await expect(stock.getByRole('row', { name: /Items in all/ })).toContainText(/\d+/);
  await expectAccessible(report);

  const [download] = await Promise.all([report.waitForEvent('download'), report.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^office_report_\d{4}-\d{2}-\d{2}\.pdf$/);

  await report.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(report);
});
