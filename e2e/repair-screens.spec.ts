// Repairs on a phone and the screens around them: the personnel's board starts its first card near the top
// (compact counters), a refused photo's message leaves once a good photo replaces it, a unit in repair says
// Damaged and links to its repair, and the borrower's request says what the return check found.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DRAFT_MSG } from '../core/messages';
import { apiAs, electricianRepair, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const PHONE = { width: 360, height: 740 };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/rb-shots/${name}.png`, fullPage: false });

async function phonePage(browser: Browser, path: string, login: string, password: string) {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(page, path, login, password);
  return page;
}

test("the personnel's repair board starts its first card near the top on a phone", async ({ browser }) => {
  const building = `Phone Hall ${Date.now().toString(36)}`;
  await electricianRepair(building, false);
  const page = await phonePage(browser, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.goto('/personnel/maintenance-repairs');
  // The board's first repair card (the maintenance checklists card below the board has articles too).
  const first = page.getByRole('tabpanel').locator('article').first();
  await expect(first).toBeVisible();
  const top = (await first.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
  expect(top, 'the first card starts about as high as on Requests and Borrow').toBeLessThan(700);
  for (const label of ['Assigned to Me', 'Pending', 'In Progress', 'Completed', 'High Priority'])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shot(page, 'board-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'board-1280');
});

test('a unit in repair reads Damaged and links to its repair; the borrower sees what the check found', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Speaker ${suffix}`;
  const tag = `SPK${suffix}-0001`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Electrical', quantity: 1, minStock: 0 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id;
  expect((await office.post(`/api/items/${itemId}/track`, { data: { prefix: `SPK${suffix}`, condition: 'good' } })).ok()).toBe(true);
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const request = await fileRequest(faculty, [[name, 1]], 'Open house');
  expect((await office.post(`/api/borrow-requests/${request.id}/approve`, { data: { items: [itemId], units: [tag] } })).ok()).toBe(true);
  await returnWithProof(faculty, request);
  const verified = await office.post(`/api/borrow-requests/${request.id}/complete`, {
    multipart: {
      conditions: JSON.stringify({ entries: [{ tag, condition: 'damaged', note: 'Torn cone' }] }),
      photo0: { name: 'cone.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(verified.ok(), await verified.text()).toBe(true);

  const admin = await phonePage(browser, '/admin-login', 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/units/${tag}`);
  await expect(admin.getByText('Damaged', { exact: true })).toBeVisible();
  await expect(admin.getByText('Good', { exact: true })).toHaveCount(0);
  const link = admin.getByRole('link', { name: /^Repair RPR-\d+$/ });
  await expect(link).toBeVisible();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await shot(admin, 'unit-360');
  await link.click();
  await expect(admin.locator('article', { hasText: tag }).first()).toBeVisible();

  const teacher = await phonePage(browser, '/login', 'faculty@campus.test', 'faculty123');
  await teacher.goto(`/users/requests?q=${encodeURIComponent(request.code)}`);
  const found = teacher.getByRole('group', { name: `Found at the return check of ${request.code}` });
  await expect(found).toContainText(`${name} ${tag}: damaged (Torn cone), sent to repair`);
  await expectAccessible(teacher);
  await shot(teacher, 'request-360');
});

test('a refused photo’s message leaves once a good photo replaces it', async ({ browser }) => {
  const building = `Photo Hall ${Date.now().toString(36)}`;
  const repair = await electricianRepair(building, false);
  const page = await phonePage(browser, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.goto(`/personnel/maintenance-repairs?q=${encodeURIComponent(repair.code)}`);
  await page.locator('article', { hasText: building }).getByRole('button', { name: 'Mark as In Progress' }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type="file"]');
  // Named and typed as a PNG, but not an image: the browser takes it, the server refuses it.
  await input.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('button', { name: 'Mark as In Progress' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid File Type');
  await input.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText(DRAFT_MSG.readyToSend)).toBeVisible();
  await expect(dialog.getByText('Invalid File Type')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'photo-dialog-360');
});

test('the report form takes a photo and leaves the day and times optional', async ({ browser }) => {
  const page = await phonePage(browser, '/login', 'faculty@campus.test', 'faculty123');
  await page.goto('/users/report-repairs');
  await expect(page.getByRole('combobox', { name: 'Preferred day' })).toHaveAttribute('placeholder', 'Any time');
  await page.locator('input[type="file"]').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(DRAFT_MSG.readyToSend)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByText(DRAFT_MSG.readyToSend).scrollIntoViewIfNeeded();
  await shot(page, 'form-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'form-1280');
});
