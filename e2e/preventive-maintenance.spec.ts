import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Preventive maintenance: both forms download as PDFs filled on the server, and a saved checklist
// turns its x marks into pending repair reports on the maintenance-repairs board.

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the office downloads both forms, and a saved checklist with two x marks puts two pending reports on the board', async ({ page }) => {
  test.setTimeout(150_000);
  const building = `PM Hall ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Preventive Maintenance', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Preventive Maintenance', level: 1 })).toBeVisible();
  await expect(page.getByText('Important Notes')).toBeVisible();
  await expectAccessible(page);

  // The checklist: Show Forms, fill, Download Form.
  const checklist = page.getByRole('region', { name: 'Preventive Maintenance Checklist' });
  await checklist.getByRole('button', { name: 'Show Forms' }).click();
  await checklist.getByRole('textbox', { name: 'Campus' }).fill('Main Campus');
  await checklist.getByRole('textbox', { name: 'Building' }).fill(building);
  await checklist.getByRole('textbox', { name: 'Designation' }).fill('Laboratory');
  await checklist.getByRole('textbox', { name: 'Room/Office' }).fill('L-2');
  await checklist.getByRole('textbox', { name: 'Month & Year' }).fill('January 2024');
  await checklist.getByRole('radio', { name: '1.1 Broken Tiles: x' }).check();
  await checklist.getByRole('textbox', { name: 'Remarks for 1.1 Broken Tiles' }).fill('Two tiles cracked');
  await checklist.getByRole('radio', { name: '5.3 Glass Panel: x' }).check();
  await checklist.getByRole('radio', { name: '2.1 Leak: check' }).check();
  await checklist.getByRole('radio', { name: '6.1 Leak: na' }).check();
  await expectAccessible(page);

  const checklistDownload = page.waitForEvent('download');
  await checklist.getByRole('button', { name: 'Download Form' }).click();
  const pdf = await checklistDownload;
  expect(pdf.suggestedFilename()).toMatch(/^preventive_maintenance_checklist_PM_Hall_.*_January_2024\.pdf$/);
  await expect(toast(page, MSG.downloadStartedTitle)).toBeVisible();
  await expect(toast(page, MSG.downloadStarted('Preventive Maintenance Checklist'))).toBeVisible();

  // Save Inspection: the priority is chosen in the dialog.
  await checklist.getByRole('button', { name: 'Save Inspection' }).click();
  const save = page.getByRole('dialog', { name: 'Save Inspection' });
  await expect(save).toContainText('2 particulars are marked x');
  await save.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await expectAccessible(page);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MSG.inspectionSaved(2))).toBeVisible();
  const history = page.getByRole('table', { name: 'Inspection history' });
  await expect(history.getByRole('row').filter({ hasText: building })).toContainText('2 · 2 repair reports');

  // The work order: fill, Download Form.
  const workOrder = page.getByRole('region', { name: 'Work Order Request Form' });
  await workOrder.getByRole('button', { name: 'Show Forms' }).click();
  await workOrder.getByRole('textbox', { name: 'Building' }).fill(building);
  await workOrder.getByRole('textbox', { name: 'Work Order Request' }).fill('Replace the cracked glass panel');
  await workOrder.getByRole('textbox', { name: 'Requested By' }).fill('Dr. Reyes');
  await expectAccessible(page);
  const workOrderDownload = page.waitForEvent('download');
  await workOrder.getByRole('button', { name: 'Download Form' }).click();
  expect((await workOrderDownload).suggestedFilename()).toBe('work_order_request_form.pdf');
  await expect(toast(page, MSG.downloadStarted('Work Order Request Form'))).toBeVisible();

  // At 360 px nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The board: two pending reports of that building, ready to assign.
  await page.getByRole('link', { name: 'Maintenance & Repairs', exact: true }).click();
  await page.getByLabel('Search reports').fill(building);
  const cards = page.locator('article', { hasText: building });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Broken Tiles' })).toContainText('Two tiles cracked');
  await expect(cards.filter({ hasText: 'Glass Panel' }).getByRole('button', { name: 'Assign' })).toBeVisible();
});
