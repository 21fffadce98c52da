// Problems during a loan (docs/decisions/loan-problems.md): a student reports a broken unit with a photo from a phone at
// 360 px; the office sees the Problem reported badge and the problem; the student returns; verifying shows the problem
// pre-filled as damaged with the student's words and photo; the repair opened has the photo.
import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { apiAs, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

test('a broken unit reported during the loan is carried into the verification and its repair', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Extension Ladder ${suffix}`;
  const prefix = `LDR${suffix}`;
  const [fine, broken] = [`${prefix}-0001`, `${prefix}-0002`];
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 2, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id;
  expect((await office.post(`/api/items/${itemId}/track`, { data: { prefix, condition: 'good' } })).ok()).toBe(true);

  const student = await apiAs('cbautista@campus.test', 'student123', 'user');
  const request = await fileRequest(student, [[name, 2]], 'Stage set-up');
  const approved = await office.post(`/api/borrow-requests/${request.id}/approve`, { data: { items: [itemId], units: [fine, broken] } });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The student, on a phone, reports the broken unit with a photo.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(phone, '/login', 'cbautista@campus.test', 'student123');
  await phone.goto(`/users/requests?q=${encodeURIComponent(request.code)}`);
  await card(phone, request.code).getByRole('button', { name: 'Report a problem' }).click();
  const report = phone.getByRole('dialog', { name: `Report a problem: ${request.code}` });
  await report.getByLabel('Item or unit').selectOption({ label: `${name} ${broken}` });
  await expect(report.getByRole('radio', { name: 'Broken' })).toBeChecked();
  // Nothing described yet: the dialog says so and sends nothing.
  await report.getByRole('button', { name: 'Report Problem' }).click();
  await expect(report.getByRole('alert')).toContainText('Describe the problem.');
  await report.getByLabel('Description').fill('A rung snapped while climbing');
  await report.locator('input[type="file"]').setInputFiles({ name: 'rung.png', mimeType: 'image/png', buffer: PNG });
  await expect(report).toContainText('rung.png');
  await expectNoHorizontalScroll(phone);
  await expectAccessible(phone);
  await report.getByRole('button', { name: 'Report Problem' }).click();
  await expect(report).toBeHidden();
  const mine = card(phone, request.code);
  await expect(mine.getByRole('list', { name: 'Reported problems' })).toContainText(`${name} ${broken}`);
  await expect(mine).toContainText('A rung snapped while climbing');
  await expectNoHorizontalScroll(phone);
  await expectAccessible(phone);

  // The office sees it at once: the badge on the requests board and the borrow records, and the problem itself.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/requests?q=${encodeURIComponent(request.code)}`);
  const officeCard = card(admin, request.code);
  await expect(officeCard.getByText('Problem reported', { exact: true })).toBeVisible();
  const problems = officeCard.getByRole('list', { name: 'Reported problems' });
  await expect(problems).toContainText(`${name} ${broken}`);
  await expect(problems).toContainText('Broken');
  await expect(problems).toContainText('A rung snapped while climbing');
  await expect(problems).toContainText('Reported by Carlo Bautista');
  await expect(problems.getByRole('img', { name: `Photo of ${name} ${broken} reported broken` })).toBeVisible();
  await expectAccessible(admin);
  await admin.goto(`/admin/borrow?q=${encodeURIComponent(request.recordCode)}`);
  await expect(card(admin, request.recordCode).getByText('Problem reported', { exact: true })).toBeVisible();

  // The student returns; the verification starts from the problem: damaged, their words, their photo.
  await returnWithProof(student, request);
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.goto(`/admin/requests?q=${encodeURIComponent(request.code)}`);
  await card(admin, request.code).getByRole('button', { name: 'Mark Completed' }).click();
  const dialog = admin.getByRole('dialog', { name: `Mark ${request.code} completed` });
  await expect(dialog.getByRole('combobox', { name: `Condition of ${name} ${fine}` })).toHaveValue('Good');
  await expect(dialog.getByRole('combobox', { name: `Condition of ${name} ${broken}` })).toHaveValue('Damaged');
  await expect(dialog.getByLabel(`Note on ${name} ${broken}`)).toHaveValue('A rung snapped while climbing');
  await expect(dialog.getByRole('link', { name: `their photo of ${name} ${broken}` })).toBeVisible();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.getByText(MSG.requestCompleted).first()).toBeVisible();

  // The repair opened for the unit, with the student's photo.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/maintenance-repairs?q=${encodeURIComponent(name)}`);
  const repair = admin.locator('article', { hasText: broken });
  await expect(repair.getByText('Equipment damage', { exact: true })).toBeVisible();
  await expect(repair).toContainText('A rung snapped while climbing');
  const photo = repair.getByRole('link', { name: 'Damage photo' });
  await expect(photo).toBeVisible();
  const served = await admin.request.get((await photo.getAttribute('href'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await expectAccessible(admin);
});
