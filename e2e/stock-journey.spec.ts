// The office's stock, end to end (docs/decisions/supplies.md, stock-card.md, reorder.md, departments.md): an
// administrator makes Bond paper a supply with a reorder level; staff receive a delivery of 50 reams at a unit cost;
// a faculty member asks for 10 reams and a projector together; the office issues only 8 (and says so) and lends the
// projector; the stock card shows received 50, issued 8, balance 42, and the Issue Slip reads back with its line;
// being at its reorder level puts the paper on To Reorder and the morning's digest tells the office once;
// Consumption by department counts the 8 reams at their cost for the faculty member's department. The journey makes
// its own department, person and items (unique names), so it runs beside the others; axe at 1280 and 360 px.
import { expect, test, type Locator, type Page } from './clock';
import { DELIVERY_WORDS } from '../core/inventory/deliveries';
import { issuedText, REORDER_WORDS, SUPPLY_MSG } from '../core/inventory/supplies';
import { STOCK_MSG } from '../core/inventory/stock';
import { MSG } from '../core/messages';
import { addDays, todayIn } from '../core/time';
import { pdfPages } from '../tests/api/pdfText';
import { apiAs, newFaculty, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

const PASSWORD = 'stock-journey1';

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

test('bond paper from delivery to issue: stock card, issue slip, To Reorder, the digest and the department’s consumption', async ({
  page,
}) => {
  test.setTimeout(300_000); // four people's screens on two busy cores
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const paper = `Bond paper A4 ${tag}`;
  const projector = `Journey projector ${tag}`;
  const supplier = `Paper supplier ${tag}`;
  const reference = `SI-${tag}`.toUpperCase();
  const person = `Stock Faculty ${tag}`;
  const email = `stock-faculty-${tag}@campus.test`;
  const today = todayIn('Asia/Manila');

  // What the journey needs around it: a department with a faculty member in it, and the two items.
  const office = await officeApi();
  const dept = await office.post('/api/departments', {
    data: { name: `Stock College ${tag}`, code: `S${tag}`.toUpperCase().slice(0, 10) },
  });
  expect(dept.status(), await dept.text()).toBe(201);
  const department = (await dept.json()).department as { id: number; name: string; code: string };
  await newFaculty(office, person, email, PASSWORD, department.id);
  const made = await office.post('/api/items', { data: { name: paper, category: 'Janitorial', quantity: 0, minStock: 0 } });
  expect(made.status(), await made.text()).toBe(201);
  const paperId = (await made.json()).item.id as number;
  const lent = await office.post('/api/items', { data: { name: projector, category: 'Electrical', quantity: 2, minStock: 0 } });
  expect(lent.status(), await lent.text()).toBe(201);

  // 1. The administrator makes the paper a supply, reordered at 45 reams, 50 at a time.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto(`/admin/inventory?q=${encodeURIComponent(paper)}`);
  await page.getByRole('button', { name: `Edit ${paper}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await choose(page, edit.getByRole('combobox', { name: 'Kind' }), 'Supply');
  await edit.getByRole('textbox', { name: 'Reorder Level' }).fill('45');
  await edit.getByRole('textbox', { name: 'Reorder Quantity' }).fill('50');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const listed = (await (await office.get(`/api/items?search=${encodeURIComponent(paper)}`)).json()).items;
  expect(listed.find((i: { id: number }) => i.id === paperId)).toMatchObject({ kind: 'supply', reorderLevel: 45, reorderQuantity: 50 });

  // 2. Staff receive 50 reams at ₱220.00 from a new supplier.
  await page.context().clearCookies();
  await signIn(page, '/admin-login', 'staff@campus.test', 'staff123');
  await page.getByRole('link', { name: DELIVERY_WORDS.deliveries, exact: true }).click();
  await page.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();
  const record = page.getByRole('dialog', { name: DELIVERY_WORDS.recordDelivery });
  await record.getByRole('button', { name: DELIVERY_WORDS.addSupplier }).click();
  await record.getByLabel("Supplier's name").fill(supplier);
  await record.getByRole('button', { name: DELIVERY_WORDS.addSupplier }).click();
  await expect(record.getByRole('combobox', { name: 'Supplier' })).toHaveValue(supplier);
  await record.getByRole('textbox', { name: 'Reference number' }).fill(reference);
  const line = record.getByRole('group', { name: 'Line 1' });
  await line.getByRole('combobox', { name: 'Item' }).fill(paper);
  await page.getByRole('option', { name: paper }).click();
  await line.getByRole('textbox', { name: 'Quantity' }).fill('50');
  await line.getByRole('textbox', { name: 'Unit cost (₱)' }).fill('220');
  await record.getByRole('button', { name: DELIVERY_WORDS.recordDelivery }).click();
  await expect(page.getByRole('heading', { name: `Delivery ${reference}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('₱11,000.00');
  await expectAccessible(page);

  // 3. The faculty member asks for 10 reams and the projector together.
  await page.context().clearCookies();
  await signIn(page, '/login', email, PASSWORD);
  await page.goto('/users/borrow-item');
  for (const name of [paper, projector]) {
    await page.getByRole('searchbox', { name: 'Search items' }).fill(name);
    await page.getByRole('button', { name: `Add ${name} to request` }).click();
  }
  const cart = page.getByRole('form', { name: 'Request Cart' });
  await cart.getByRole('textbox', { name: paper }).fill('10');
  await cart.getByRole('textbox', { name: 'Purpose' }).fill(`Board exams and a lecture ${tag}`);
  await cart.getByLabel('Date needed').fill(today);
  await cart.getByLabel('Expected return date').fill(addDays(today, 2));
  await cart.getByRole('button', { name: 'Submit Request' }).click();
  const sent = page.getByRole('dialog', { name: MSG.requestSubmitted });
  const code = (await sent.textContent())!.match(/REQ-\d+/)![0];

  // 4. The office issues only 8 of the 10 reams and lends the projector.
  await page.context().clearCookies();
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/requests');
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(code);
  const request = page.getByRole('article', { name: code, exact: true });
  await request.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${code}` });
  await approve.getByRole('textbox', { name: SUPPLY_MSG.issueLabel(paper) }).fill('8');
  await approve.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(approve).toBeHidden();
  await expect(request.getByText(issuedText(8, 10))).toBeVisible();
  await expectAccessible(page);

  // 5. The Issue Slip reads back with its line.
  const slip = request.getByRole('link', { name: `${SUPPLY_MSG.issueSlip} of ${code}` });
  const pdf = await page.request.get((await slip.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const slipText = (await pdfPages(await pdf.body())).join('\n');
  expect(slipText).toContain(code);
  expect(slipText).toContain(paper);
  expect(slipText).toContain(issuedText(8, 10));
  expect(slipText).toContain(department.name);

  // 6. The stock card: received 50, issued 8, balance 42.
  await page.goto(`/admin/inventory/${paperId}/stock-card`);
  await expect(page.getByRole('heading', { name: `${STOCK_MSG.stockCard}: ${paper}`, level: 1 })).toBeVisible();
  const received = page.getByRole('row').filter({ hasText: reference });
  await expect(received.getByRole('rowheader')).toHaveText('Received');
  await expect(received).toContainText('+50');
  const issued = page.getByRole('row').filter({ hasText: code });
  await expect(issued.getByRole('rowheader')).toHaveText('Issued');
  await expect(issued).toContainText('-8');
  await expect(issued.getByRole('cell').nth(2)).toHaveText('42');
  await expect(page.getByText('Balance 42')).toBeVisible();
  await expectAccessible(page);

  // 7. At 42 of a level of 45: on To Reorder, suggested enough for the level, the 8 used and the reorder quantity.
  await page.getByRole('link', { name: REORDER_WORDS.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: REORDER_WORDS.title, level: 1 })).toBeVisible();
  const toReorder = page.getByRole('row').filter({ hasText: paper });
  await expect(toReorder.getByRole('cell')).toHaveText(['Janitorial', '42', '45', '8', '50', 'Stock card']);
  await expectAccessible(page);

  // The morning's digest tells the office once, in the bell and by mail to those of the office who asked for the
  // office's mail (staff here); a second run finds nothing new to tell.
  const staff = await apiAs('staff@campus.test', 'staff123', 'admin');
  expect((await staff.put('/api/notifications/preferences', { data: { emailOfficeEvents: true } })).status()).toBe(200);
  const digestMails = async () =>
    ((await (await office.get('/api/dev/outbox?to=staff%40campus.test')).json()).items as { subject: string; body: string }[]).filter(
      (m) => m.subject === 'Campus GSO: Items to reorder' && m.body.includes(paper),
    );
  const digestBell = async () =>
    ((await (await staff.get('/api/notifications')).json()).items as { message: string }[]).filter(
      (n) => n.message.includes('reached the reorder level') && n.message.includes(paper),
    );
  expect((await office.post('/api/dev/jobs/reorder_digest/run')).status()).toBe(200);
  await expect.poll(async () => (await digestMails()).length, { timeout: 10_000 }).toBe(1);
  expect(await digestBell()).toHaveLength(1);
  expect((await office.post('/api/dev/jobs/reorder_digest/run')).status()).toBe(200);
  expect(await digestMails()).toHaveLength(1);
  expect(await digestBell()).toHaveLength(1);
  await staff.dispose();

  // 8. Consumption by department: the 8 reams at ₱220.00 each under the faculty member's department.
  await page.goto('/admin/reports');
  await choose(page, page.getByRole('combobox', { name: 'Report' }), 'Consumption by department');
  const table = page.getByRole('region', { name: 'Consumption by department, scrolls sideways' }).getByRole('table');
  const row = table.getByRole('row').filter({ hasText: department.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('₱1,760.00');
  await expectAccessible(page);

  // The stock card and To Reorder at 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/inventory/${paperId}/stock-card`);
  await expect(page.getByText('Balance 42')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.goto('/admin/reorder');
  await expect(page.getByRole('heading', { name: REORDER_WORDS.title, level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await office.dispose();
});
