import { expect, test, type Browser, type Page } from './clock';
import { MSG } from '../core/messages';
import { daysBetween, todayIn } from '../core/time';
import { apiAs, fileRequest } from './fixtures';
import { JOURNEY_LOANS } from './journeyData';
import { expectAccessible, PNG, signIn } from './support';

const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function stockOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/items?search=${encodeURIComponent(name)}`);
  const item = (await res.json()).items.find((i: { name: string }) => i.name === name);
  return item.quantity;
}

async function userPage(browser: Browser, email: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/login', email, password);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  return page;
}

async function officePage(browser: Browser, path: '/admin-login' | '/personnel-login', login: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, path, login, password);
  await expect(page).toHaveURL(path === '/admin-login' ? /\/admin$/ : /\/personnel$/);
  return page;
}

const card = (page: Page, code: string) => page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });

async function confirm(page: Page) {
  await page
    .getByRole('dialog')
    .last()
    .getByRole('button')
    .filter({ hasNotText: /^Cancel$/ })
    .last()
    .click();
}

test('a loan from request to completed stock: restricted and unavailable items, partial approval, proof checks, not yet returned, completion', async ({
  browser,
}) => {
  // The whole lifecycle in one journey, with an accessibility check on every screen and dialog: it is long.
  test.slow();
  const student = await userPage(browser, 'student@campus.test', 'student123');
  await student.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Borrow' }).click();
  await expect(student.getByRole('heading', { name: 'Borrow Items' })).toBeVisible();
  await expectAccessible(student);

  // Students cannot borrow Electrical items; unavailable items are refused.
  const search = student.getByLabel('Search items');
  await search.fill('Extension Cord');
  await student.getByRole('button', { name: 'Add Extension Cord (10 m) to request' }).click();
  await expect(student.getByRole('dialog', { name: MSG.accessRestrictedTitle })).toContainText(MSG.electricalFacultyOnly);
  await student.getByRole('button', { name: 'OK', exact: true }).click();
  await search.fill('Drain Snake');
  await student.getByRole('button', { name: 'Add Drain Snake to request' }).click();
  await expect(student.getByRole('dialog', { name: MSG.itemNotAvailableTitle })).toContainText(MSG.itemNotAvailable('out of stock'));
  await student.getByRole('button', { name: 'OK', exact: true }).click();

  // The form says what is missing before anything is sent.
  await student.getByRole('button', { name: 'Submit Request' }).click();
  await expect(student.getByRole('alert')).toHaveText(MSG.borrowRequiredFields);

  const tables = await stockOf(student, 'Folding Table');
  const brooms = await stockOf(student, 'Broom');
  await search.fill('Folding Table');
  await student.getByRole('button', { name: 'Add Folding Table to request' }).click();
  await student.getByRole('button', { name: 'Add Folding Table to request' }).click();
  await search.fill('Broom');
  await student.getByRole('button', { name: 'Add Broom to request' }).click();
  await expect(student.getByRole('textbox', { name: 'Folding Table' })).toHaveValue('2');
  const today = todayIn('Asia/Manila');
  await student.getByLabel('Purpose').fill('Org week booth');
  await student.getByLabel('Date needed').fill(plusDays(today, 1));
  await student.getByLabel('Expected return date').fill(plusDays(today, 4));
  await student.getByRole('button', { name: 'Submit Request' }).click();
  const done = student.getByRole('dialog', { name: MSG.requestSubmitted });
  await expect(done).toBeVisible();
  const code = (await done.textContent())!.match(/REQ-\d+/)![0];
  const popup = student.waitForEvent('popup');
  await done.getByRole('button', { name: 'Print Receipt' }).click();
  const receipt = await popup;
  await expect(receipt.getByRole('heading', { name: `Borrow Request ${code}` })).toBeVisible();
  await expect(receipt.getByRole('cell', { name: 'Folding Table' })).toBeVisible();
  await receipt.close();

  // Personnel approve the tables but not the brooms; the tables leave the stock.
  const personnel = await officePage(browser, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await personnel.goto('/personnel/requests');
  await personnel.getByLabel('Search requests').fill(code);
  await card(personnel, code).getByRole('button', { name: 'Approve' }).click();
  const approve = personnel.getByRole('dialog');
  await approve.getByRole('checkbox', { name: /Broom/ }).uncheck();
  await approve.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(personnel.getByText(MSG.requestApproved).first()).toBeVisible();
  expect(await stockOf(personnel, 'Folding Table')).toBe(tables - 2);
  expect(await stockOf(personnel, 'Broom')).toBe(brooms);

  // The student returns with a photo; a PDF and a 6 MB file are refused with the spec's words.
  await student.goto('/users/requests');
  await expect(student.getByText('Items to return')).toBeVisible();
  await card(student, code).getByRole('button', { name: 'Return Item' }).click();
  const proofInput = student.locator('#proof-file');
  await proofInput.setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 proof') });
  await expect(student.getByRole('dialog').getByRole('alert')).toContainText(MSG.proofInvalidType);
  // A good choice, then a refused one: the refused file also drops the earlier choice.
  await proofInput.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PNG });
  await expect(student.getByRole('button', { name: 'Submit Return' })).toBeEnabled();
  // 6 MB that only says it is a PNG: it cannot be shrunk, as a real photo would be, so it is refused.
  await proofInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(student.getByRole('dialog').getByRole('alert')).toContainText(MSG.proofTooLarge);
  await expect(student.getByRole('button', { name: 'Submit Return' })).toBeDisabled();
  await expect(student.getByRole('dialog').getByText('first.png')).toHaveCount(0);
  await proofInput.setInputFiles({ name: 'tables.png', mimeType: 'image/png', buffer: PNG });
  await expect(student.getByText('0.00 MB')).toBeVisible();
  await student.getByRole('button', { name: 'Submit Return' }).click();
  await expect(card(student, code).getByText('Awaiting verification')).toBeVisible();
  await expectAccessible(student);

  // An admin does not accept the return; the student returns again; the admin completes it.
  const admin = await officePage(browser, '/admin-login', 'admin', 'admin123');
  await admin.goto('/admin/requests');
  await admin.getByLabel('Search requests').fill(code);
  await card(admin, code).getByRole('button', { name: 'View Proof' }).click();
  await expect(admin.getByRole('img', { name: new RegExp(`Proof of Return for ${code}`) })).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await card(admin, code).getByRole('button', { name: 'Not Yet Returned' }).click();
  await confirm(admin);
  await expect(admin.getByText(MSG.returnNotAccepted).first()).toBeVisible();

  await student.reload();
  await card(student, code).getByRole('button', { name: 'Return Item' }).click();
  await student.locator('#proof-file').setInputFiles({ name: 'tables-again.png', mimeType: 'image/png', buffer: PNG });
  await student.getByRole('button', { name: 'Submit Return' }).click();
  await expect(card(student, code).getByText('Awaiting verification')).toBeVisible();

  await admin.reload();
  await admin.getByLabel('Search requests').fill(code);
  await card(admin, code).getByRole('button', { name: 'Mark Completed' }).click();
  await confirm(admin);
  await expect(admin.getByText(MSG.requestCompleted).first()).toBeVisible();
  expect(await stockOf(admin, 'Folding Table')).toBe(tables);

  await student.reload();
  await expect(card(student, code).getByText(MSG.itemHasBeenReturned)).toBeVisible();
});

test('a pending request is cancelled after confirmation, and an overdue loan shows as overdue', async ({ browser }) => {
  const student = await userPage(browser, 'student@campus.test', 'student123');
  const { code: pending } = await fileRequest(
    await apiAs('student@campus.test', 'student123', 'user'),
    [['Broom', 1]],
    'Hallway sweep (to cancel)',
  );
  await student.goto('/users/requests');
  await card(student, pending).getByRole('button', { name: 'Cancel' }).click();
  await expect(student.getByRole('dialog')).toContainText(MSG.cancelConfirm);
  await confirm(student);
  await expect(student.getByText(MSG.requestCancelled)).toBeVisible();
  await expect(card(student, pending).getByText('Cancelled')).toBeVisible();

  const approved = (await (await student.request.get('/api/borrow-requests/mine?status=approved')).json()).items;
  const overdue = approved.find((r: { purpose: string }) => r.purpose === JOURNEY_LOANS.studentSeesOverdue.purpose);
  // Four days past due when the journeys' server made it; a day more if the campus day turned since.
  expect(overdue.overdueDays).toBe(daysBetween(overdue.dateExpectedReturn, todayIn('Asia/Manila')));
  expect(overdue.overdueDays).toBeGreaterThanOrEqual(4);
  await expect(card(student, overdue.code).getByText(`Overdue by ${overdue.overdueDays} day`)).toBeVisible();
});
