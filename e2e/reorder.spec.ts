import { readFile } from 'node:fs/promises';
import { expect, test } from './clock';
import { REORDER_WORDS } from '../core/inventory/supplies';
import { ASSET_WORDS } from '../core/inventory/unitAsset';
import { todayIn } from '../core/time';
import { officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// A supply at its reorder level shows on To Reorder with its suggestion and the list downloads as CSV; the inventory
// report shows its value on hand; a unit's asset record is edited on its page. At 1280 and 360 px, axe clean.

test('To Reorder, value on hand and a unit’s asset record', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const paper = `Reorder paper ${suffix}`;
  const scanner = `Asset scanner ${suffix}`;
  const prefix = `RS${suffix}`.toUpperCase().slice(0, 12);
  const office = await officeApi();
  // A supply with its level at 10 and a reorder quantity of 20, 8 received at ₱100: at its level, worth ₱800.
  const made = await office.post('/api/items', {
    data: { name: paper, category: 'Janitorial', quantity: 0, minStock: 2, kind: 'supply', reorderLevel: 10, reorderQuantity: 20 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const paperId = (await made.json()).item.id as number;
  const received = await office.post('/api/deliveries', {
    data: {
      reference: `RO-${suffix}`,
      receivedOn: todayIn('Asia/Manila'),
      newSupplier: { name: `Reorder supplier ${suffix}` },
      lines: [{ itemId: paperId, quantity: 8, unitCost: 100 }],
    },
  });
  expect(received.status(), await received.text()).toBe(201);
  const supplierName = (await received.json()).delivery.supplierName as string;
  // A tracked item with one unit, its asset record empty.
  const tracked = await office.post('/api/items', { data: { name: scanner, category: 'Electrical', quantity: 1, minStock: 0 } });
  const scannerId = (await tracked.json()).item.id as number;
  expect((await office.post(`/api/items/${scannerId}/track`, { data: { prefix } })).status()).toBe(200);
  const tag = `${prefix}-0001`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.getByRole('link', { name: REORDER_WORDS.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: REORDER_WORDS.title, level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: paper });
  await expect(row).toHaveCount(1);
  // On hand 8, level 10, nothing used, suggested 20 (the reorder quantity).
  await expect(row.getByRole('cell')).toHaveText(['Janitorial', '8', '10', '0', '20', 'Stock card']);
  await expect(row.getByRole('link', { name: `Stock card of ${paper}` })).toHaveAttribute('href', `/admin/inventory/${paperId}/stock-card`);
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: REORDER_WORDS.download }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('Suggested Quantity');
  expect(csv.split(/\r?\n/).find((l) => l.startsWith(paper))).toBe(`${paper},Janitorial,Supply,8,10,0,20,20`);

  // The inventory marks it, and its report shows the value on hand.
  await page.goto(`/admin/inventory?q=${encodeURIComponent(paper)}`);
  await expect(page.getByRole('link', { name: `${paper} is at or below its reorder level: To Reorder` })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const report = page.getByRole('dialog');
  await expect(report.getByTestId('report-total-value')).toContainText('Total value on hand: ₱');
  await expect(report.getByRole('row').filter({ hasText: paper })).toContainText('₱800.00');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // The unit's asset record: edited on its page, refused first for a warranty before the purchase.
  await page.goto(`/admin/units/${tag}`);
  await expect(page.getByRole('heading', { name: `Unit ${tag}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: ASSET_WORDS.editAsset }).click();
  const dialog = page.getByRole('dialog', { name: `${ASSET_WORDS.editAsset} of ${tag}` });
  await dialog.getByLabel(ASSET_WORDS.purchaseDate).fill('2026-01-15');
  await dialog.getByRole('textbox', { name: `${ASSET_WORDS.purchaseCost} (₱)` }).fill('18500.75');
  await dialog.getByLabel(ASSET_WORDS.warrantyEnd).fill('2025-12-31');
  await dialog.getByRole('textbox', { name: ASSET_WORDS.propertyNumber }).fill(`PN-${suffix}`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toContainText(ASSET_WORDS.warrantyBeforePurchase);
  await dialog.getByLabel(ASSET_WORDS.warrantyEnd).fill('2029-01-15');
  await dialog.getByRole('combobox', { name: ASSET_WORDS.supplier }).fill(supplierName);
  await page.getByRole('option', { name: supplierName }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  const asset = page.getByRole('region', { name: ASSET_WORDS.assetRecord });
  await expect(asset).toContainText('₱18,500.75');
  await expect(asset).toContainText(`PN-${suffix}`);
  await expect(asset).toContainText(supplierName);
  await expect(asset).toContainText('Jan 15, 2029');
  await expect(page.getByText(/Asset record: purchase date none → 2026-01-15/)).toBeVisible();
  await expectAccessible(page);

  // At 360 px: To Reorder and the unit's page, without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/reorder');
  await expect(page.getByText(paper)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.goto(`/admin/units/${tag}`);
  await expect(page.getByRole('region', { name: ASSET_WORDS.assetRecord })).toContainText(`PN-${suffix}`);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
