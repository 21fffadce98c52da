import { expect, test, type Page } from './clock';
import type { BorrowRequestDto } from '../core/borrowing/schemas';
import type { ItemList } from '../core/inventory/schemas';
import { MSG } from '../core/messages';
import { addDays, todayIn } from '../core/time';
import { apiAs, approveAll, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// The office's request screens. Each journey files the requests it works on through the API (fixtures.ts),
// so it does not depend on the demo data's rows or on the other journeys.

async function requestById(page: Page, id: number): Promise<BorrowRequestDto> {
  return (await (await page.request.get(`/api/borrow-requests/${id}`)).json()).request;
}

async function stockOf(page: Page, name: string): Promise<number> {
  const list = (await (await page.request.get(`/api/items?search=${encodeURIComponent(name)}&pageSize=100`)).json()) as ItemList;
  const item = list.items.find((i) => i.name === name);
  expect(item, `item ${name}`).toBeTruthy();
  return item!.quantity;
}

async function signInAdmin(page: Page) {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
}

async function signInPersonnel(page: Page) {
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
}

/** Narrows the board to one request by its REQ id (server-side search) and answers its card. */
async function findCard(page: Page, code: string) {
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(code);
  const card = page.getByRole('article', { name: code, exact: true });
  await expect(card).toBeVisible();
  return card;
}

test('personnel approve part of a pending request, and only the approved item leaves the stock', async ({ page }) => {
  await signInPersonnel(page);
  // The dashboard is the office's activity feed.
  await expect(page.getByRole('heading', { name: 'All Transactions' })).toBeVisible();
  await expect(page.getByText(/^Showing 1 to 5 of \d+$/)).toBeVisible();
  await expectAccessible(page);

  // A pending request of its own with two items, both in stock.
  const target = await fileRequest(
    await apiAs('faculty@campus.test', 'faculty123', 'user'),
    [
      ['Broom', 2],
      ['Mop and Bucket Set', 1],
    ],
    'Lab clean-up (partly approved)',
  );
  const [kept, dropped] = target.items;
  const before = { kept: await stockOf(page, kept.name), dropped: await stockOf(page, dropped.name) };

  await page.getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Requests Management' })).toBeVisible();
  for (const label of ['Total Requests', 'Pending', 'Approved', 'Completed'])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const card = await findCard(page, target.code);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${target.code}` });
  const keptBox = dialog.getByRole('checkbox', { name: new RegExp(kept.name.replace(/[()]/g, '\\$&')) });
  const droppedBox = dialog.getByRole('checkbox', { name: new RegExp(dropped.name.replace(/[()]/g, '\\$&')) });
  // All items are preselected; with none ticked, Approve Selected is off and says why.
  await expect(keptBox).toBeChecked();
  await expect(droppedBox).toBeChecked();
  for (const box of await dialog.getByRole('checkbox').all()) await box.uncheck();
  await expect(dialog.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();
  await expect(dialog.getByText(MSG.selectItemsToApprove)).toBeVisible();
  await expectAccessible(page);
  await keptBox.check();
  await dialog.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(page.getByText(MSG.requestApproved)).toBeVisible();
  await expect(dialog).toBeHidden();

  const approved = await requestById(page, target.id);
  expect(approved.status).toBe('approved');
  expect(approved.items.find((l) => l.id === kept.id)!.quantityApproved).toBe(kept.quantityRequested);
  expect(approved.items.find((l) => l.id === dropped.id)!.quantityApproved).toBe(0);
  expect(await stockOf(page, kept.name)).toBe(before.kept - kept.quantityRequested);
  expect(await stockOf(page, dropped.name)).toBe(before.dropped);

  // On the Approved tab it shows its expected-return badge; personnel send no reminders.
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approvedCard = page.getByRole('article', { name: target.code, exact: true });
  await expect(approvedCard.getByText(/days? left|Due today|overdue/)).toBeVisible();
  await expect(approvedCard.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
});

test('an admin rejects a pending request with a reason', async ({ page }) => {
  const target = await fileRequest(await apiAs('mlopez@campus.test', 'student123', 'user'), [['Broom', 1]], 'Hallway sweep (to reject)');
  await signInAdmin(page);
  const reason = 'The items are reserved for the foundation day program that week.';

  await page.getByRole('link', { name: 'Borrow Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Service Requests' })).toBeVisible();
  for (const tab of ['All', 'Pending', 'Approved', 'Returned', 'Completed', 'Rejected']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeVisible();
  }
  await expectAccessible(page);

  const card = await findCard(page, target.code);
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${target.code}` });
  await expect(dialog.getByLabel('Reason (optional)')).toHaveAttribute('placeholder', MSG.defaultRejectReason('admin'));
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(MSG.requestRejected)).toBeVisible();

  const rejected = await requestById(page, target.id);
  expect(rejected.status).toBe('rejected');
  expect(rejected.rejectReason).toBe(reason);
  await page.getByRole('tab', { name: /^Rejected/ }).click();
  await expect(page.getByRole('article', { name: target.code, exact: true }).getByText(reason)).toBeVisible();
});

test('an admin sends a reminder on an approved request', async ({ page }) => {
  const borrower = await apiAs('cbautista@campus.test', 'student123', 'user');
  const target = await approveAll(await officeApi(), await fileRequest(borrower, [['Monobloc Chair', 2]], 'Org meeting (to remind)'));
  await signInAdmin(page);

  await page.goto('/admin/requests');
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const card = await findCard(page, target.code);
  await expect(card.getByText(/days? left|Due today|days? overdue/)).toBeVisible();
  await card.getByRole('button', { name: 'Send Reminder' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.reminderSent });
  await expect(dialog).toContainText(`has been reminded to return ${target.code}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(card.getByText(/Last reminded just now/)).toBeVisible();
});

test('an admin checks returns: Not Yet Returned sends one back, Mark Completed restocks another', async ({ page }) => {
  const borrower = await apiAs('mtan@campus.test', 'faculty123', 'user');
  const office = await officeApi();
  const returnOf = async (purpose: string) =>
    returnWithProof(borrower, await approveAll(office, await fileRequest(borrower, [['Folding Table', 1]], purpose)));
  const refused = await returnOf('Seminar tables (return refused)');
  const accepted = await returnOf('Seminar tables (return accepted)');
  await signInAdmin(page);

  await page.goto('/admin/requests');
  await page.getByRole('tab', { name: /^Returned/ }).click();
  await expectAccessible(page);

  // The proof, then Not Yet Returned: back to approved.
  let card = await findCard(page, refused.code);
  await expect(card.getByText(MSG.awaitingVerification)).toBeVisible();
  await card.getByRole('button', { name: 'View Proof' }).click();
  const proof = page.getByRole('dialog', { name: `Proof of Return: ${refused.code}` });
  const image = proof.getByRole('img', { name: `Proof of Return for ${refused.code}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await proof.getByRole('button', { name: 'Close' }).last().click();
  await expect(proof).toBeHidden();
  await card.getByRole('button', { name: 'Not Yet Returned' }).click();
  const confirmRefusal = page.getByRole('dialog', { name: `${refused.code}: Not Yet Returned` });
  await confirmRefusal.getByRole('button', { name: 'Not Yet Returned' }).click();
  await expect(page.getByText(MSG.returnNotAccepted)).toBeVisible();
  expect((await requestById(page, refused.id)).status).toBe('approved');

  // Mark Completed: the approved quantities come back to stock.
  const before = await Promise.all(accepted.items.map((l) => stockOf(page, l.name)));
  card = await findCard(page, accepted.code);
  await card.getByRole('button', { name: 'Mark Completed' }).click();
  await page
    .getByRole('dialog', { name: `Mark ${accepted.code} completed` })
    .getByRole('button', { name: 'Mark Completed' })
    .click();
  await expect(page.getByText(MSG.requestCompleted)).toBeVisible();
  expect((await requestById(page, accepted.id)).status).toBe('completed');
  const after = await Promise.all(accepted.items.map((l) => stockOf(page, l.name)));
  accepted.items.forEach((l, i) => expect(after[i], l.name).toBe(before[i] + l.quantityApproved));

  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(page.getByRole('article', { name: accepted.code, exact: true }).getByText(MSG.itemHasBeenReturned)).toBeVisible();
  // A search that finds nothing says so.
  await page.getByRole('searchbox', { name: 'Search requests' }).fill('zzz-nothing-like-this');
  await expect(page.getByText(MSG.noRequestsFound)).toBeVisible();
});

test('an approval the stock cannot cover is flagged in the dialog and refused by the server, and nothing leaves the stock', async ({
  page,
  request,
}) => {
  // A faculty member asks twice for every Pipe Wrench on hand; the first request is approved.
  const login = await request.post('/api/auth/login', { data: { email: 'mtan@campus.test', password: 'faculty123', portal: 'user' } });
  expect(login.ok()).toBe(true);
  await signInAdmin(page);
  const onHand = await stockOf(page, 'Pipe Wrench');
  const itemId = ((await (await page.request.get('/api/items?search=Pipe%20Wrench')).json()) as ItemList).items.find(
    (i) => i.name === 'Pipe Wrench',
  )!.id;
  const today = todayIn('Asia/Manila');
  const submit = async (purpose: string) => {
    const res = await request.post('/api/borrow-requests', {
      data: { purpose, dateNeeded: addDays(today, 1), dateExpectedReturn: addDays(today, 2), items: [{ itemId, quantity: onHand }] },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { request: BorrowRequestDto }).request;
  };
  const first = await submit('Plumbing workshop, group A');
  const second = await submit('Plumbing workshop, group B');
  expect((await page.request.post(`/api/borrow-requests/${first.id}/approve`, { data: { items: [itemId] } })).ok()).toBe(true);
  expect(await stockOf(page, 'Pipe Wrench')).toBe(0);

  try {
    await page.goto('/admin/requests');
    const card = await findCard(page, second.code);
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve ${second.code}` });
    // The dialog shows the stock on hand: the short line is flagged, left unticked, and cannot be approved.
    await expect(dialog.getByText('Short: only 0 on hand, 0 could be approved')).toBeVisible();
    const line = dialog.getByRole('checkbox', { name: /Pipe Wrench/ });
    await expect(line).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();
    await line.check();
    await expect(dialog.getByText(MSG.shortLinesSelected(['Pipe Wrench']))).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();
    await expectAccessible(page);
    // The server refuses it too, whatever a browser sends.
    const refused = await page.request.post(`/api/borrow-requests/${second.id}/approve`, { data: { items: [itemId] } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toBe(MSG.stockShort('Pipe Wrench', 0, onHand));
    expect((await requestById(page, second.id)).status).toBe('pending');
    expect(await stockOf(page, 'Pipe Wrench')).toBe(0);
  } finally {
    // Leave the inventory as it was for the journeys after this one.
    await page.request.post(`/api/borrow-requests/${second.id}/reject`, { data: {} });
    await page.request.post(`/api/borrow-records/${first.id}/mark-returned`);
  }
  expect(await stockOf(page, 'Pipe Wrench')).toBe(onHand);
});

test('the requests board works at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInPersonnel(page);
  await page.goto('/personnel/requests');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByRole('tab', { name: /^Returned/ }).click();
  await expect(page.getByRole('article').first().getByRole('button', { name: 'View Proof' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
