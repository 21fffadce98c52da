// Supplies (docs/decisions/supplies.md): a faculty member asks for 10 of a supply and a lent item together; the office
// issues only 8 (said on the request: "8 of 10 issued") and lends the other; the Issue Slip reads back as a PDF; personnel
// file a supply request from Request Supplies; a student is told students cannot request supplies. The journey makes
// its own items (unique names), so it runs beside the others. Axe at 1280 and 360 px on the screens it passes.
import { expect, test, type Page } from './clock';
import { issuedText, SUPPLY_MSG } from '../core/inventory/supplies';
import { MSG } from '../core/messages';
import { addDays, todayIn } from '../core/time';
import { pdfPages } from '../tests/api/pdfText';
import { apiAs, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Searches Borrow Items (or Request Supplies) for an item and adds it to the cart. */
async function addToCart(page: Page, search: string, name: string) {
  await page.getByRole('searchbox', { name: search }).fill(name);
  await page.getByRole('button', { name: `Add ${name} to request` }).click();
}

test('a faculty member asks for supplies and a lent item; the office issues only 8 of 10 and the Issue Slip reads back', async ({
  page,
}) => {
  test.setTimeout(240_000); // a long journey on two busy cores
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const paper = `Supply Bond Paper ${tag}`;
  const drill = `Supply Journey Drill ${tag}`;
  const office = await officeApi();
  const made = await office.post('/api/items', {
    data: { name: paper, category: 'Janitorial', quantity: 50, minStock: 5, kind: 'supply' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const lent = await office.post('/api/items', { data: { name: drill, category: 'Maintenance', quantity: 3, minStock: 1 } });
  expect(lent.status(), await lent.text()).toBe(201);
  const today = todayIn('Asia/Manila');

  // A student is refused a supply by the server, in the words the catalogue shows.
  const student = await apiAs('cbautista@campus.test', 'student123', 'user');
  const refused = await student.post('/api/borrow-requests', {
    data: { purpose: 'Notes', dateNeeded: today, dateExpectedReturn: '', items: [{ itemId: (await made.json()).item.id, quantity: 1 }] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ code: 'supply_not_allowed', message: SUPPLY_MSG.studentsNoSupplies(paper) });

  // The faculty member's cart: 10 of the supply (marked) and the drill; the return date is for the lent item.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.goto('/users/borrow-item');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(paper);
  const card = page.locator('.mantine-Card-root').filter({ hasText: paper });
  await expect(card.getByText(SUPPLY_MSG.supplyBadge, { exact: true })).toBeVisible();
  await addToCart(page, 'Search items', paper);
  await addToCart(page, 'Search items', drill);
  const cart = page.getByRole('form', { name: 'Request Cart' });
  await cart.getByRole('textbox', { name: paper }).fill('10');
  await cart.getByRole('textbox', { name: 'Purpose' }).fill(`Office paper and a drill ${tag}`);
  await cart.getByLabel('Date needed').fill(today);
  await expect(cart.getByText(SUPPLY_MSG.mixedReturnHelp)).toBeVisible();
  await cart.getByLabel('Expected return date').fill(addDays(today, 3));
  await expectAccessible(page);
  await cart.getByRole('button', { name: 'Submit Request' }).click();
  const sent = page.getByRole('dialog', { name: MSG.requestSubmitted });
  const code = (await sent.textContent())!.match(/REQ-\d+/)![0];
  await sent.getByRole('link', { name: 'View My Requests' }).click();
  await expect(page.getByRole('heading', { name: 'My Requests', level: 1 })).toBeVisible();

  // The office approves: the supply line gives 8 (typed), the drill is lent.
  await page.context().clearCookies();
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/requests');
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(code);
  const request = page.getByRole('article', { name: code, exact: true });
  await expect(request.getByText(SUPPLY_MSG.supplyBadge, { exact: true })).toBeVisible();
  await request.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${code}` });
  await expect(dialog.getByText(SUPPLY_MSG.approveIssues)).toBeVisible();
  const issue = dialog.getByRole('textbox', { name: SUPPLY_MSG.issueLabel(paper) });
  await expect(issue).toHaveValue('10');
  await issue.fill('11');
  await expect(dialog.getByText(SUPPLY_MSG.issueTooMany(paper, 10))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();
  await issue.fill('8');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(dialog).toBeHidden();
  await expect(request.getByText(issuedText(8, 10))).toBeVisible();

  // The Issue Slip opens as a PDF with the line issued.
  const slip = request.getByRole('link', { name: `${SUPPLY_MSG.issueSlip} of ${code}` });
  await expect(slip).toHaveAttribute('target', '_blank');
  const res = await page.request.get((await slip.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const body = await res.body();
  expect(body.subarray(0, 4).toString()).toBe('%PDF');
  const text = (await pdfPages(body)).join('\n');
  expect(text).toContain(paper);
  expect(text).toContain(code);
  await expectAccessible(page);

  // Settings: who may request supplies, per category.
  await page.goto('/admin/settings');
  const who = page.getByRole('region', { name: 'Who may request supplies' });
  await expect(who.getByRole('checkbox', { name: 'Faculty may request Janitorial supplies' })).toBeChecked();
  await expect(who.getByRole('checkbox', { name: 'Student may request Janitorial supplies' })).not.toBeChecked();
  await expectAccessible(page);

  // The requester's My Requests: the issued words and the Issue Slip, at 360 px.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.goto('/users/requests');
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(code);
  // The demo's faculty member has an earlier request issued 8 of 10 too: this request's own slip and words.
  const slipLink = page.getByRole('link', { name: `${SUPPLY_MSG.issueSlip} of ${code}` });
  await expect(slipLink).toBeVisible();
  await expect(page.getByText(issuedText(8, 10))).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('personnel request supplies from Request Supplies and see their request', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const soap = `Supply Hand Soap ${tag}`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name: soap, category: 'Janitorial', quantity: 20, minStock: 2, kind: 'supply' } });
  expect(made.status(), await made.text()).toBe(201);
  const today = todayIn('Asia/Manila');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/personnel-login', 'plumber@campus.test', 'personnel123');
  await page.getByRole('link', { name: 'Request Supplies' }).click();
  await expect(page.getByRole('heading', { name: 'Request Supplies', level: 1 })).toBeVisible();
  await addToCart(page, 'Search supplies', soap);
  const cart = page.getByRole('form', { name: 'Request Cart' });
  await cart.getByRole('textbox', { name: soap }).fill('3');
  await cart.getByRole('textbox', { name: 'Purpose' }).fill(`Washrooms, building B ${tag}`);
  await cart.getByLabel('Date needed').fill(today);
  // Supplies only: no return date is asked.
  await expect(cart.getByText(SUPPLY_MSG.suppliesNoReturn)).toBeVisible();
  await expect(cart.getByLabel('Expected return date')).toHaveCount(0);
  await expectAccessible(page);
  await cart.getByRole('button', { name: 'Submit Request' }).click();
  const sent = page.getByRole('dialog', { name: MSG.requestSubmitted });
  const code = (await sent.textContent())!.match(/REQ-\d+/)![0];
  await sent.getByRole('button', { name: 'OK' }).click();
  const mine = page.getByRole('region', { name: 'My supply requests' });
  const entry = mine.getByRole('article', { name: code, exact: true });
  await expect(entry).toContainText(soap);
  await expect(entry).toContainText('Pending');

  // Issued by the office (through the API here): the list says what went, with the Issue Slip.
  const id = Number(code.slice(4));
  const itemId = (await made.json()).item.id as number;
  const approved = await office.post(`/api/borrow-requests/${id}/approve`, { data: { items: [itemId] } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await page.reload();
  await expect(entry.getByText(issuedText(3, 3))).toBeVisible();
  await expect(entry.getByText(SUPPLY_MSG.suppliesIssued)).toBeVisible();
  await expect(entry.getByRole('link', { name: new RegExp(`^${escape(SUPPLY_MSG.issueSlip)} of ${code}$`) })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('a student sees a supply marked not requestable, with the reason the server gives', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const bulbs = `Supply Bulbs ${tag}`;
  const office = await officeApi();
  const made = await office.post('/api/items', {
    data: { name: bulbs, category: 'Electrical', quantity: 12, minStock: 2, kind: 'supply' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/login', 'cbautista@campus.test', 'student123');
  await page.goto('/users/borrow-item');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(bulbs);
  await expect(page.getByText(SUPPLY_MSG.studentsNoSupplies(bulbs))).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${bulbs} to request` })).toBeDisabled();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
