import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, signIn } from './support';

// The inventory's documents: the report modal and its PDF, Export CSV, and Import CSV with its preview.

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the office generates the inventory report, exports the CSV and imports a file only once every row is right', async ({ page }) => {
  const name = `CSV Bucket ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();

  // The report: counts and tables, and the PDF.
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const report = page.getByRole('dialog', { name: MSG.generateInventoryReport });
  for (const label of ['Available', 'Damaged', 'Unavailable', 'Unreturned', 'Total Inventory'])
    await expect(report.getByText(label, { exact: true })).toBeVisible();
  await expect(report.getByRole('table', { name: /^Unreturned Items/ })).toContainText('Expected Return');
  await expectAccessible(page);
  const pdf = page.waitForEvent('download');
  await report.getByRole('button', { name: MSG.downloadReport }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^inventory_report_\d{4}-\d{2}-\d{2}\.pdf$/);
  await report.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

  // Export CSV.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: MSG.exportCsv }).click();
  expect((await csv).suggestedFilename()).toMatch(/^inventory_.*\.csv$/);

  // Import CSV: a wrong row blocks the import; the corrected file imports.
  await page.getByRole('button', { name: MSG.importCsv }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Inventory CSV' });
  const file = (rows: string[]) => ({
    name: 'inventory.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Item Name,Category,Quantity,Min Stock', ...rows].join('\n')),
  });
  await dialog.locator('#inventory-csv').setInputFiles(file([`${name},Janitorial,4,1`]));
  await expect(dialog.getByRole('status')).toHaveText('1 row: 1 new, 0 to update, 0 with errors.');
  await dialog.locator('#inventory-csv').setInputFiles(file([`${name},Janitorial,4,1`, `${name} B,Janitorial,lots,1`]));
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText(MSG.itemQuantityInvalid);
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectAccessible(page);
  await dialog.locator('#inventory-csv').setInputFiles(file([`${name},Janitorial,4,1`, `${name} B,Janitorial,6,1`]));
  await expect(dialog.getByRole('status')).toContainText('2 new');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, MSG.csvImported(2, 0))).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search inventory' }).fill(name);
  await expect(page.getByRole('rowheader', { name: `${name} B`, exact: true })).toBeVisible();
});
