// Partial returns (docs/decisions/partial-returns.md): a student borrows three units and returns two with a photo
// (1280 px); the office verifies one good and one damaged with a photo (360 px); the third comes back at the counter
// and is verified lost; the units and the stock show it.
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '../core/messages';
import { apiAs, fileRequest, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

test('three units lent, two back and verified, the third back at the counter and lost', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Ladder ${suffix}`;
  const prefix = `LDR${suffix}`;
  const [a, b, c] = [1, 2, 3].map((i) => `${prefix}-000${i}`);
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 3, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id;
  expect((await office.post(`/api/items/${itemId}/track`, { data: { prefix, condition: 'good' } })).ok()).toBe(true);
  const student = await apiAs('cbautista@campus.test', 'student123', 'user');
  const request = await fileRequest(student, [[name, 3]], 'Stage setup');
  const approved = await office.post(`/api/borrow-requests/${request.id}/approve`, { data: { items: [itemId], units: [a, b, c] } });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The student returns two of the three with a photo.
  const me = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(me, '/login', 'cbautista@campus.test', 'student123');
  await me.goto(`/users/requests?q=${encodeURIComponent(request.code)}`);
  await card(me, request.code).getByRole('button', { name: 'Return Item' }).click();
  const giving = me.getByRole('dialog', { name: `Return Item: ${request.code}` });
  await expect(giving.getByRole('checkbox', { name: `${name} ${a}` })).toBeChecked();
  await giving.getByRole('checkbox', { name: `${name} ${c}` }).uncheck();
  await expect(giving).toContainText('2 of 3 still out chosen');
  await giving.locator('input[type="file"]').setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: PNG });
  await expectAccessible(me);
  await giving.getByRole('button', { name: 'Submit Return' }).click();
  await expect(giving).toBeHidden();
  const mine = card(me, request.code);
  await expect(mine).toContainText(`2 of 3 back; still out: ${name} ${c}`);
  await expect(mine.getByText('To verify', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Return Item' })).toBeVisible();
  await expectAccessible(me);

  // The office, at 360 px: return 1 verified, one good and one damaged with a photo.
  const admin = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/requests?q=${encodeURIComponent(request.code)}`);
  const desk = card(admin, request.code);
  await expect(desk).toContainText('2 of 3 back');
  await desk.getByRole('button', { name: 'Verify Return 1' }).click();
  const verify = admin.getByRole('dialog', { name: `Verify return 1 of ${request.code}` });
  await expect(verify.getByRole('combobox', { name: `Condition of ${name} ${a}` })).toHaveValue('Good');
  await expect(verify.getByRole('combobox', { name: `Condition of ${name} ${c}` })).toHaveCount(0);
  await verify.getByRole('combobox', { name: `Condition of ${name} ${b}` }).click();
  await admin.getByRole('option', { name: 'Damaged' }).click();
  await verify.getByLabel(`Note on ${name} ${b}`).fill('Bent rung');
  await verify.locator('input[type="file"]').setInputFiles({ name: 'rung.png', mimeType: 'image/png', buffer: PNG });
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await verify.getByRole('button', { name: 'Verify Return' }).click();
  await expect(verify).toBeHidden();
  await expect(desk.getByText('Verified', { exact: true })).toBeVisible();
  await expect(desk).toContainText(`still out: ${name} ${c}`);

  // The third at the counter, then verified lost with a photo: the request completes.
  await desk.getByRole('button', { name: 'Record Return' }).click();
  const counter = admin.getByRole('dialog', { name: `Record Return: ${request.code}` });
  await expect(counter.getByRole('checkbox', { name: `${name} ${c}` })).toBeChecked();
  await expectAccessible(admin);
  await counter.getByRole('button', { name: 'Record Return' }).click();
  await expect(counter).toBeHidden();
  await desk.getByRole('button', { name: 'Mark Completed' }).click();
  const last = admin.getByRole('dialog', { name: `Mark ${request.code} completed` });
  await expect(last.getByRole('combobox', { name: `Condition of ${name} ${a}` })).toHaveCount(0);
  await last.getByRole('combobox', { name: `Condition of ${name} ${c}` }).click();
  await admin.getByRole('option', { name: 'Lost' }).click();
  await last.locator('input[type="file"]').setInputFiles({ name: 'lost.png', mimeType: 'image/png', buffer: PNG });
  await last.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.getByText(MSG.requestCompleted).first()).toBeVisible();
  await expect(desk.getByRole('button', { name: 'What Came Back' })).toBeVisible();

  // The units and the stock: one available, one in repair, one lost.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/inventory/${itemId}/units`);
  const row = (tag: string) => admin.getByRole('row', { name: new RegExp(tag) });
  await expect(row(a)).toContainText('Available');
  await expect(row(b)).toContainText('In repair');
  await expect(row(c)).toContainText('Lost');
  await expectAccessible(admin);
  const list = await (await office.get(`/api/items?search=${encodeURIComponent(name)}`)).json();
  expect(list.items.find((i: { id: number }) => i.id === itemId).quantity).toBe(1);
});
