// The borrowing loop (docs/decisions/partial-returns.md, return-conditions.md, borrow-holds.md): a student borrows
// three units and returns two with a photo (1280 px); the office verifies one good and one damaged with a photo
// (360 px); the repairs board shows the damage with the borrower, the loan and the photo, suggested for the janitor;
// the janitor completes it and the unit can be borrowed again; the third comes back at the counter and is verified
// lost; the units and the stock show it; the student sees what was found, and a hold an administrator places and lifts.
import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { apiAs, fileRequest, officeApi } from './fixtures';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const { email } = JOURNEY_PEOPLE.loopBorrower;
const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

test('three units lent, two back and verified, the damaged one repaired and lent again, the third lost at the counter, the borrower held and released', async ({
  browser,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Floor polisher ${suffix}`;
  const prefix = `FLP${suffix}`;
  const [a, b, c] = [1, 2, 3].map((i) => `${prefix}-000${i}`);
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Janitorial', quantity: 3, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const itemId = (await made.json()).item.id;
  expect((await office.post(`/api/items/${itemId}/track`, { data: { prefix, condition: 'good' } })).ok()).toBe(true);
  const student = await apiAs(email, JOURNEY_PASSWORD, 'user');
  const request = await fileRequest(student, [[name, 3]], 'Stage setup');
  const approved = await office.post(`/api/borrow-requests/${request.id}/approve`, { data: { items: [itemId], units: [a, b, c] } });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The student returns two of the three with a photo.
  const me = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(me, '/login', email, JOURNEY_PASSWORD);
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

  // The repairs board: the damage with the unit, the loan, the borrower and the photo, suggested for the janitor.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/maintenance-repairs?q=${encodeURIComponent(name)}`);
  const repair = admin.locator('article', { hasText: b });
  await expect(repair.getByText('Equipment damage', { exact: true })).toBeVisible();
  await expect(repair.getByRole('link', { name: b })).toBeVisible();
  await expect(repair.getByRole('link', { name: request.code })).toBeVisible();
  await expect(repair).toContainText('Journey loopBorrower');
  await expect(repair).toContainText('Bent rung');
  await expect(repair.getByText('Janitor', { exact: true })).toBeVisible();
  await expect(repair.getByRole('link', { name: 'Damage photo' })).toBeVisible();
  await expectAccessible(admin);

  // The office assigns it to the janitor, who starts and completes it: the unit is available to borrow again.
  const { conditions } = await (await office.get(`/api/borrow-requests/${request.id}`)).json();
  const repairId = conditions.find((x: { tag: string }) => x.tag === b).repairId;
  const people = (await (await office.get('/api/repairs/personnel')).json()).items as { id: number; fullName: string }[];
  const assigned = await office.post(`/api/repairs/${repairId}/assign`, {
    data: { assignedTo: people.find((p) => p.fullName === 'Journey fixesDamage')!.id, estimatedCost: null, adminNotes: '' },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const janitor = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(janitor, '/personnel-login', JOURNEY_PEOPLE.fixesDamage.email, JOURNEY_PASSWORD);
  await janitor.goto(`/personnel/maintenance-repairs?q=${encodeURIComponent(name)}`);
  const job = janitor.locator('article', { hasText: b });
  await job.getByRole('button', { name: 'Mark as In Progress' }).click();
  await janitor.locator('#work-proof').setInputFiles({ name: 'start.png', mimeType: 'image/png', buffer: PNG });
  await janitor.getByRole('dialog').getByRole('button', { name: 'Mark as In Progress' }).click();
  await expect(job.getByText('In Progress', { exact: true })).toBeVisible();
  await job.getByRole('button', { name: 'Mark as Completed' }).click();
  const finish = janitor.getByRole('dialog', { name: /^Mark as Completed: / });
  await janitor.locator('#work-proof').setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: PNG });
  await finish.getByLabel('Work Description').fill('Straightened the rung and tightened the bolts.');
  await finish.getByLabel('Actual Cost (₱)').fill('150');
  await expectAccessible(janitor);
  await finish.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(job.getByText('Completed', { exact: true })).toBeVisible();
  await expect(job).toContainText('Repaired, back in stock');
  await me.goto(`/users/borrow-item`);
  await me.getByRole('searchbox').first().fill(name);
  await expect(me.locator('.mantine-Card-root', { hasText: name }).getByText('2 available', { exact: true })).toBeVisible();

  // The third at the counter, then verified lost with a photo: the request completes.
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.goto(`/admin/requests?q=${encodeURIComponent(request.code)}`);
  await desk.getByRole('button', { name: 'Record Return' }).click();
  const counter = admin.getByRole('dialog', { name: `Record Return: ${request.code}` });
  await expect(counter.getByRole('checkbox', { name: `${name} ${c}` })).toBeChecked();
  // Scanning what came back: start from nothing, then the scanner types the tag and Enter.
  await counter.getByRole('button', { name: 'Untick all' }).click();
  await expect(counter.getByRole('checkbox', { name: `${name} ${c}` })).not.toBeChecked();
  await counter.getByLabel('Tick by tag').fill(a);
  await counter.getByLabel('Tick by tag').press('Enter');
  await expect(counter.getByText(`${a} is not out on ${request.code}.`)).toBeVisible();
  await counter.getByLabel('Tick by tag').fill(c.toLowerCase());
  await counter.getByLabel('Tick by tag').press('Enter');
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

  // The units and the stock: two available (one of them back from its repair), one lost.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/inventory/${itemId}/units`);
  const row = (tag: string) => admin.getByRole('row', { name: new RegExp(tag) });
  await expect(row(a)).toContainText('Available');
  await expect(row(b)).toContainText('Available');
  await expect(row(c)).toContainText('Lost');
  await expectAccessible(admin);
  const list = await (await office.get(`/api/items?search=${encodeURIComponent(name)}`)).json();
  expect(list.items.find((i: { id: number }) => i.id === itemId).quantity).toBe(2);

  // The student sees what was found, and a borrowing hold the administrator places and then lifts.
  await me.goto(`/users/requests?q=${encodeURIComponent(request.code)}`);
  await card(me, request.code).getByRole('button', { name: 'What Came Back' }).click();
  const found = me.getByRole('dialog', { name: `What came back on ${request.code}` });
  await expect(found).toContainText('Bent rung');
  await expect(found).toContainText('Lost');
  await expect(found.getByRole('link', { name: `Photo of ${b}` })).toBeVisible();
  await expectAccessible(me);
  await me.keyboard.press('Escape');
  const studentId = (await (await student.get('/api/auth/me')).json()).account.id;
  const reason = `Lost ${c} (${request.code})`;
  expect((await office.post(`/api/accounts/${studentId}/borrow-hold`, { data: { reason } })).ok()).toBe(true);
  await me.goto('/users/borrow-item');
  await expect(me.getByRole('alert').filter({ hasText: 'Borrowing is on hold' })).toContainText(reason);
  await expect(me.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  expect((await office.delete(`/api/accounts/${studentId}/borrow-hold`)).ok()).toBe(true);
  await me.reload();
  await expect(me.getByRole('heading', { name: 'Borrow Items' })).toBeVisible();
  await expect(me.getByRole('alert').filter({ hasText: 'Borrowing is on hold' })).toHaveCount(0);
});
