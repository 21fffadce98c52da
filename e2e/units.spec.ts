// Tracked units (docs/decisions/units.md): an administrator turns a counted item into a tracked one, approves a
// request picking its units (one typed into "Add by tag"), the borrower returns, the office verifies, and the
// unit's page shows the loan; the short address /u/TAG sends a borrower to the item. On a desktop and at 360 px.
import { expect, test, type Browser, type Page } from './clock';
import { MSG } from '../core/messages';
import { pdfPages } from '../tests/api/pdfText';
import { readLabels } from '../tests/labelReader';
import { apiAs, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

async function officePage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

test('tracking an item, lending it by unit and seeing the loan on the unit page', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Camera Tripod ${suffix}`;
  const prefix = `TRI${suffix}`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 3, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);

  // The administrator tracks it: the dialog says how many units it makes.
  const admin = await officePage(browser);
  await admin.goto(`/admin/inventory?q=${encodeURIComponent(name)}`);
  await admin.getByRole('button', { name: `Track units of ${name}` }).click();
  const track = admin.getByRole('dialog', { name: `Track Units of ${name}` });
  await expect(track).toContainText('3 units will be created');
  await track.getByLabel('Tag prefix').fill(prefix.toLowerCase());
  await expect(track).toContainText(`Tags ${prefix}-0001 to ${prefix}-0003`);
  await expectAccessible(admin);
  await track.getByRole('button', { name: 'Create 3 Units' }).click();
  await expect(admin.getByText(MSG.itemUpdated).or(admin.getByText('3 units made')).first()).toBeVisible();
  await admin.getByRole('link', { name: `Units of ${name}: tracked, 3 units` }).click();
  await expect(admin.getByRole('heading', { name: `Units of ${name}` })).toBeVisible();
  await expect(admin.getByRole('link', { name: `${prefix}-0003` })).toBeVisible();
  await expectAccessible(admin);

  // Its label sheet: the PDF read back holds each tag and a QR code of each unit's short address.
  await admin.getByRole('button', { name: 'Print Labels' }).click();
  const print = admin.getByRole('dialog', { name: 'Print labels' });
  await expect(print).toContainText(`3 units of ${name}`);
  const [download] = await Promise.all([admin.waitForEvent('download'), print.getByRole('button', { name: 'Download PDF' }).click()]);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  const tags = [1, 2, 3].map((n) => `${prefix}-000${n}`);
  expect(
    readLabels(pdf, 'sheet')
      .map((url) => new URL(url).pathname)
      .sort(),
  ).toEqual(tags.map((t) => `/u/${t}`));
  const text = (await pdfPages(pdf)).join('\n');
  for (const tag of tags) expect(text).toContain(tag);
  await expect(print).toBeHidden();

  // A faculty member asks for two; the administrator approves, swapping one unit by typing its tag.
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const request = await fileRequest(faculty, [[name, 2]], 'Campus photo walk');
  await admin.goto('/admin/requests');
  await admin.getByLabel('Search requests').fill(request.code);
  await card(admin, request.code).getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog');
  await expect(approve.getByText(`Units of ${name} to lend (2 of 2)`)).toBeVisible();
  await approve.getByLabel('Add by tag').fill(`${prefix.toLowerCase()}-0003`);
  await approve.getByLabel('Add by tag').press('Enter');
  await expectAccessible(admin);
  await approve.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(admin.getByText(MSG.requestApproved).first()).toBeVisible();
  await expect(card(admin, request.code).getByText(`Units: ${prefix}-0001, ${prefix}-0003`)).toBeVisible();

  // The borrower hands them back with a photo; the administrator verifies; both units are available again.
  await returnWithProof(faculty, request);
  await admin.reload();
  await admin.getByLabel('Search requests').fill(request.code);
  await card(admin, request.code).getByRole('button', { name: 'Mark Completed' }).click();
  await admin
    .getByRole('dialog')
    .last()
    .getByRole('button')
    .filter({ hasNotText: /^Cancel$/ })
    .last()
    .click();
  await expect(admin.getByText(MSG.requestCompleted).first()).toBeVisible();

  // The unit's page: its loan with the borrower, newest first.
  await admin.goto(`/admin/units/${prefix}-0003`);
  await expect(admin.getByRole('heading', { name: `Unit ${prefix}-0003` })).toBeVisible();
  await expect(admin.getByText(`Lent on ${request.code} to Dr. Teresa Gomez`)).toBeVisible();
  await expect(admin.getByText('Status on loan → available')).toBeVisible();
  await expectAccessible(admin);

  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await admin.goto(`/admin/inventory/${request.items[0].itemId}/units`);
  await expect(admin.getByRole('link', { name: `${prefix}-0001` })).toBeVisible();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);

  // The short address on the label: a borrower lands on the item in Borrow Items; an unknown tag says so.
  const student = await (await browser.newContext()).newPage();
  await signIn(student, '/login', 'student@campus.test', 'student123');
  await student.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(student).toHaveURL(/\/users$/);
  await student.goto(`/u/${prefix.toLowerCase()}-0002`);
  await expect(student).toHaveURL(/\/users\/borrow-item\?q=/);
  await expect(student.getByRole('button', { name: `Add ${name} to request` })).toBeVisible();
  await student.goto(`/u/NOPE-${suffix}`);
  await expect(student.getByRole('heading', { name: `Unit NOPE-${suffix} not found` })).toBeVisible();
  await expectAccessible(student);
});
