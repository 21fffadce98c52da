import { expect, test } from './clock';
import { DELIVERY_MSG, DELIVERY_WORDS } from '../core/inventory/deliveries';
import { STOCK_MSG } from '../core/inventory/stock';
import { pdfPages } from '../tests/api/pdfText';
import { officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Staff record a delivery of 50 reams from a new supplier; the item's stock card shows it received, and the
// delivery's receipt downloads as a PDF. At 1280 and 360 px.

test('staff record a delivery from a new supplier; the stock card shows it received and the receipt PDF downloads', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const itemName = `Bond paper ream ${suffix}`;
  const supplier = `Paper Mill ${suffix}`;
  const reference = `DR-${suffix}`.toUpperCase();
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name: itemName, category: 'Janitorial', quantity: 10, minStock: 5 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id as number;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.getByRole('link', { name: DELIVERY_WORDS.deliveries, exact: true }).click();
  await expect(page.getByRole('heading', { name: DELIVERY_WORDS.deliveries, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: DELIVERY_WORDS.deliveries }).or(page.getByText('No deliveries'))).toBeVisible();
  await expectAccessible(page);

  // Record delivery: a new supplier added inline, then the reference, the date and one line.
  await page.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();
  const dialog = page.getByRole('dialog', { name: DELIVERY_WORDS.recordDelivery });
  await dialog.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();
  await expect(dialog.getByRole('alert')).toContainText('Choose a supplier or add a new one.');
  await dialog.getByRole('button', { name: DELIVERY_WORDS.addSupplier }).click();
  await dialog.getByLabel("Supplier's name").fill(supplier);
  await dialog.getByLabel('Contact').fill('0917 555 0101');
  await dialog.getByRole('button', { name: DELIVERY_WORDS.addSupplier }).click();
  await expect(dialog.getByRole('combobox', { name: 'Supplier' })).toHaveValue(supplier);
  await dialog.getByRole('textbox', { name: 'Reference number' }).fill(reference);
  const line = dialog.getByRole('group', { name: 'Line 1' });
  await line.getByRole('combobox', { name: 'Item' }).fill(itemName);
  await page.getByRole('option', { name: itemName }).click();
  await line.getByRole('textbox', { name: 'Quantity' }).fill('50');
  await line.getByRole('textbox', { name: 'Unit cost (₱)' }).fill('245.50');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();

  // The delivery's page: its line, and the receipt.
  await expect(page.getByRole('heading', { name: `Delivery ${reference}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText(itemName);
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('₱12,275.00');
  await expectAccessible(page);

  // The list: the row and its receipt PDF, read back.
  await page.getByRole('link', { name: DELIVERY_WORDS.deliveries, exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Search deliveries' }).fill(reference);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(supplier);
  const receipt = row.getByRole('link', { name: `${DELIVERY_WORDS.deliveryReceipt} ${reference} (PDF)` });
  const res = await page.request.get((await receipt.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const text = (await pdfPages(await res.body())).join('\n');
  expect(text).toContain(reference);
  expect(text).toContain(itemName);
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // The item's stock card: received 50, balance 60.
  await page.goto(`/admin/inventory/${itemId}/stock-card`);
  await expect(page.getByRole('heading', { name: `${STOCK_MSG.stockCard}: ${itemName}`, level: 1 })).toBeVisible();
  const entry = page.getByRole('row').filter({ hasText: reference });
  await expect(entry.getByRole('rowheader')).toHaveText('Received');
  await expect(entry).toContainText('+50');
  await expect(entry.getByRole('cell').nth(2)).toHaveText('60');
  await expect(page.getByText('Balance 60')).toBeVisible();
  await expect(entry.getByRole('link', { name: `Delivery ${reference}` })).toHaveAttribute('href', /\/admin\/deliveries\/\d+$/);
  await expectAccessible(page);

  // At 360 px: the list, the delivery's page and the dialog, without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/deliveries?q=${encodeURIComponent(reference)}`);
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Delivery ${reference}`, level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // Reverse delivery asks the reason, then takes the 50 back off the card.
  await page.getByRole('button', { name: DELIVERY_WORDS.reverseDelivery }).click();
  const reverse = page.getByRole('dialog', { name: DELIVERY_WORDS.reverseDelivery });
  await reverse.getByRole('button', { name: DELIVERY_WORDS.reverseDelivery }).click();
  await expect(reverse.getByRole('alert')).toContainText(DELIVERY_MSG.reverseReasonRequired);
  await expectAccessible(page);
  await reverse.getByRole('textbox', { name: 'Reason' }).fill('Wrong paper size delivered; returned to the supplier.');
  await reverse.getByRole('button', { name: DELIVERY_WORDS.reverseDelivery }).click();
  await expect(page.getByText('Wrong paper size delivered; returned to the supplier.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: DELIVERY_WORDS.reverseDelivery })).toHaveCount(0);

  await page.goto('/admin/warranty-ending');
  await expect(page.getByRole('heading', { name: DELIVERY_WORDS.warrantyEnding, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: DELIVERY_WORDS.warrantyEnding }).or(page.getByText('No warranties ending'))).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.goto('/admin/deliveries');
  await page.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();
  await expect(page.getByRole('dialog', { name: DELIVERY_WORDS.recordDelivery })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
