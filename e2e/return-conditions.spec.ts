// Condition at return (docs/decisions/return-conditions.md): a faculty member borrows two units and returns them; the
// office verifies one good and one damaged with a photo and a high priority, at 360 px; the repairs board shows the
// equipment damage with the unit, the loan and the borrower, suggested for the electrician; the borrower sees what
// came back; completing the repair makes the unit available again.
import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { apiAs, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

test('verifying a return with a damaged unit opens a repair that puts it back when done', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Projector ${suffix}`;
  const prefix = `PRJ${suffix}`;
  const [good, broken] = [`${prefix}-0001`, `${prefix}-0002`];
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Electrical', quantity: 2, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id;
  expect((await office.post(`/api/items/${itemId}/track`, { data: { prefix, condition: 'good' } })).ok()).toBe(true);

  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const request = await fileRequest(faculty, [[name, 2]], 'Department seminar');
  const approved = await office.post(`/api/borrow-requests/${request.id}/approve`, { data: { items: [itemId], units: [good, broken] } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await returnWithProof(faculty, request);

  // The office verifies at 360 px: one good, one damaged with a note, a photo and a high priority.
  const admin = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/requests?q=${encodeURIComponent(request.code)}`);
  await card(admin, request.code).getByRole('button', { name: 'Mark Completed' }).click();
  const dialog = admin.getByRole('dialog', { name: `Mark ${request.code} completed` });
  await expect(dialog.getByRole('combobox', { name: `Condition of ${name} ${good}` })).toHaveValue('Good');
  await dialog.getByRole('combobox', { name: `Condition of ${name} ${broken}` }).click();
  await admin.getByRole('option', { name: 'Damaged' }).click();
  // No photo yet: the dialog says so and sends nothing.
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Add a photo of ${broken}`);
  await dialog.getByLabel(`Note on ${name} ${broken}`).fill('Cracked lens');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'lens.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('combobox', { name: 'Repair priority' }).click();
  await admin.getByRole('option', { name: 'High' }).click();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.getByText(MSG.requestCompleted).first()).toBeVisible();
  await card(admin, request.code).getByRole('button', { name: 'What Came Back' }).click();
  const seen = admin.getByRole('dialog', { name: `What came back on ${request.code}` });
  await expect(seen).toContainText(`${name} ${good}`);
  await expect(seen).toContainText('Damaged');
  await admin.keyboard.press('Escape');
  await expect(seen).toBeHidden();

  // The repairs board: the damage, with the unit, the loan and the borrower, for the electrician.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/maintenance-repairs?q=${encodeURIComponent(name)}`);
  const repair = admin.locator('article', { hasText: broken });
  await expect(repair.getByText('Equipment damage', { exact: true })).toBeVisible();
  await expect(repair.getByRole('link', { name: broken })).toBeVisible();
  await expect(repair.getByRole('link', { name: request.code })).toBeVisible();
  await expect(repair.getByText('Electrician', { exact: true })).toBeVisible();
  await expect(repair).toContainText('Cracked lens');
  await expect(repair.getByText('High priority')).toBeVisible();
  await expectAccessible(admin);

  // The borrower sees what came back.
  const teacher = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(teacher, '/login', 'faculty@campus.test', 'faculty123');
  await teacher.goto(`/users/requests?q=${encodeURIComponent(request.code)}`);
  await card(teacher, request.code).getByRole('button', { name: 'What Came Back' }).click();
  const found = teacher.getByRole('dialog', { name: `What came back on ${request.code}` });
  await expect(found).toContainText(`${name} ${broken}`);
  await expect(found).toContainText('Cracked lens');
  await expect(found.getByRole('link', { name: `Photo of ${broken}` })).toBeVisible();
  await expectAccessible(teacher);

  // The repair completed (the administrator's Edit): the unit is available again.
  const { conditions } = await (await office.get(`/api/borrow-requests/${request.id}`)).json();
  const repairId = conditions.find((c: { tag: string }) => c.tag === broken).repairId;
  const people = await (await office.get('/api/repairs/personnel')).json();
  const done = await office.put(`/api/repairs/${repairId}/assignment`, {
    data: {
      status: 'completed',
      assignedTo: people.items[0].id,
      adminNotes: '',
      estimatedCost: null,
      workDescription: 'Lens replaced',
      actualCost: 800,
    },
  });
  expect(done.ok(), await done.text()).toBe(true);
  await admin.goto(`/admin/units/${broken}`);
  await expect(admin.getByText('Available').first()).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Photo at the return' })).toBeVisible();
});
