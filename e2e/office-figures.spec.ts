import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './clock';
import { wrongStateMessage } from '../core/borrowing/rules';
import type { BorrowRecordList, BorrowRequestDto, RequestList } from '../core/borrowing/schemas';
import { MSG } from '../core/messages';
import type { RepairList } from '../core/repairs/schemas';
import { addDays, todayIn } from '../core/time';
import { apiAs, electricianRepair, officeApi } from './fixtures';
import { JOURNEY_LOANS } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Every figure and badge on the office's boards means one thing. Each journey lends its own items (made
// here), so no other journey's stock moves.

// Each journey goes through two or three portals, on a busy machine.
test.describe.configure({ timeout: 150_000 });

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const today = () => todayIn('Asia/Manila');

async function officePage(browser: Browser, portal: 'admin' | 'personnel'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (portal === 'admin') await signIn(page, '/admin-login', 'admin', 'admin123');
  else await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(portal === 'admin' ? /\/admin$/ : /\/personnel$/);
  return page;
}

/** A new item of the journey's own, with plenty on hand. */
async function ownItem(office: APIRequestContext, base: string): Promise<number> {
  const res = await office.post('/api/items', { data: { name: unique(base), category: 'Maintenance', quantity: 20, minStock: 1 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).item.id;
}

/** A faculty member's pending request for one of the item, needed `inDays` from today. */
async function fileFor(borrower: APIRequestContext, itemId: number, purpose: string, inDays = 0): Promise<BorrowRequestDto> {
  const res = await borrower.post('/api/borrow-requests', {
    data: {
      purpose,
      dateNeeded: addDays(today(), inDays),
      dateExpectedReturn: addDays(today(), inDays + 3),
      items: [{ itemId, quantity: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).request;
}

async function approve(office: APIRequestContext, r: BorrowRequestDto) {
  const res = await office.post(`/api/borrow-requests/${r.id}/approve`, { data: { items: r.items.map((l) => l.itemId) } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The answer the page itself receives for a list (after `act`, say a search typed), so that what the screen shows
 * is compared with what it was told, whatever other journeys change meanwhile.
 */
async function answerTo<T>(page: Page, path: string, act: () => Promise<unknown>, searched = false): Promise<T> {
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === path && r.request().method() === 'GET' && r.ok() && url.searchParams.has('search') === searched;
  });
  await act();
  return (await answer).json();
}

/** The figure a summary card shows, by its label. */
const card = (page: Page, label: string) => page.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]');

/** How a badge looks: its fill and its text colour. */
const looks = (badge: Locator) =>
  badge.evaluate((el) => {
    const style = getComputedStyle(el.closest('.mantine-Badge-root')!);
    return { background: style.backgroundColor, color: style.color };
  });

test('a loan to be collected later is Approved in both portals: its badge, its tab and its counter agree', async ({ browser }) => {
  const office = await officeApi();
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const later = await fileFor(faculty, await ownItem(office, 'Figures Easel'), 'Figures: a loan collected later', 2);
  await approve(office, later);

  const admin = await officePage(browser, 'admin');
  const records = await answerTo<BorrowRecordList>(admin, '/api/borrow-records', () => admin.goto('/admin/borrow'));
  await expect(card(admin, 'Approved Requests')).toHaveText(String(records.stats.approved));
  await expect(card(admin, 'Active Borrows')).toHaveText(String(records.stats.active));
  expect(records.stats.approved).toBeGreaterThan(0);
  // Not among the active loans (the default tab)...
  await admin.getByRole('searchbox', { name: 'Search borrow records' }).fill(later.recordCode);
  await expect(admin.getByText(MSG.noRecordsFound)).toBeVisible();
  // ... but under Approved, badged Approved, and it can still be closed.
  await admin.getByRole('tab', { name: /^Approved/ }).click();
  const adminCard = admin.getByRole('article', { name: later.recordCode, exact: true });
  await expect(adminCard.getByText('Approved', { exact: true })).toBeVisible();
  await expect(adminCard.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(adminCard.getByRole('button', { name: 'Mark Returned' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Approved (1)' })).toBeVisible();
  await expectAccessible(admin);

  // The personnel's screen has the tab too, so the loan is not reachable from All only.
  const personnel = await officePage(browser, 'personnel');
  await personnel.goto('/personnel/borrow');
  for (const tab of ['All', 'Active', 'Approved', 'Returned', 'Overdue'])
    await expect(personnel.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeVisible();
  await personnel.getByRole('tab', { name: /^Approved/ }).click();
  await personnel.getByRole('searchbox', { name: 'Search borrow records' }).fill(later.recordCode);
  const personnelCard = personnel.getByRole('article', { name: later.recordCode, exact: true });
  await expect(personnelCard.getByText('Approved', { exact: true })).toBeVisible();
  await personnel.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(personnel);
  await expectAccessible(personnel);
  await Promise.all([office.dispose(), faculty.dispose(), admin.context().close(), personnel.context().close()]);
});

test('the summary cards count the whole list while the list and its tabs follow the search; cancelled requests have their tab', async ({
  browser,
}) => {
  const office = await officeApi();
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const cancelled = await fileFor(faculty, await ownItem(office, 'Figures Banner'), 'Figures: cancelled by its borrower');
  expect((await faculty.post(`/api/borrow-requests/${cancelled.id}/cancel`)).ok()).toBe(true);
  // Two repairs of the electrician's, so that one found by its id is not the whole list.
  const repair = await electricianRepair(unique('Figures Hall'), false);
  await electricianRepair(unique('Figures Annex'), false);

  const personnel = await officePage(browser, 'personnel');
  await answerTo<RequestList>(personnel, '/api/borrow-requests', () => personnel.goto('/personnel/requests'));
  // All is the sum of the tabs, Cancelled among them.
  await expect(personnel.getByRole('tab', { name: /^Cancelled \(\d+\)$/ })).toBeVisible();
  const tabNames = await personnel.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label') ?? ''));
  const count = (label: string) => Number(tabNames.find((t) => t.startsWith(`${label} (`))!.match(/\((\d+)\)/)![1]);
  expect(count('All')).toBe(
    ['Pending', 'Approved', 'Returned', 'Completed', 'Rejected', 'Cancelled'].reduce((n, label) => n + count(label), 0),
  );
  // A cancelled request is found by its id; the cards stay on the whole list.
  const requests = await answerTo<RequestList>(
    personnel,
    '/api/borrow-requests',
    () => personnel.getByRole('searchbox', { name: 'Search requests' }).fill(cancelled.code),
    true,
  );
  expect(requests.counts).toMatchObject({ all: 1, cancelled: 1 });
  const found = personnel.getByRole('article', { name: cancelled.code, exact: true });
  await expect(found.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(personnel.getByRole('tab', { name: 'Cancelled (1)' })).toBeVisible();
  await expect(personnel.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  expect(requests.stats.all).toBeGreaterThan(1);
  await expect(card(personnel, 'Total Requests')).toHaveText(String(requests.stats.all));
  await expect(card(personnel, 'Pending')).toHaveText(String(requests.stats.pending));
  await expectAccessible(personnel);

  await personnel.goto('/personnel/borrow');
  const records = await answerTo<BorrowRecordList>(
    personnel,
    '/api/borrow-records',
    () => personnel.getByRole('searchbox', { name: 'Search borrow records' }).fill('zzz-nothing-like-this'),
    true,
  );
  await expect(personnel.getByText(MSG.noRecordsFound)).toBeVisible();
  expect(records.stats.all).toBeGreaterThan(0);
  await expect(card(personnel, 'Total')).toHaveText(String(records.stats.all));
  await expect(card(personnel, 'Active')).toHaveText(String(records.stats.active));

  await personnel.goto('/personnel/maintenance-repairs');
  const mine = await answerTo<RepairList>(
    personnel,
    '/api/repairs/assigned',
    () => personnel.getByRole('searchbox', { name: 'Search reports' }).fill(repair.code),
    true,
  );
  await expect(personnel.getByRole('tab', { name: 'Assigned (1)' })).toBeVisible();
  expect(mine.stats.all).toBeGreaterThan(1);
  await expect(card(personnel, 'Assigned to Me')).toHaveText(String(mine.stats.all));
  await expect(card(personnel, 'High Priority')).toHaveText(String(mine.highPriority));
  await Promise.all([office.dispose(), faculty.dispose(), personnel.context().close()]);
});

test('a request changed in another session meanwhile: the error shows, the dialog closes and the card is current', async ({ browser }) => {
  const office = await officeApi();
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const item = await ownItem(office, 'Figures Lectern');
  const approvedElsewhere = await fileFor(faculty, item, 'Figures: approved in another session');
  const cancelledMeanwhile = await fileFor(faculty, item, 'Figures: cancelled while the office approves');

  const personnel = await officePage(browser, 'personnel');
  await personnel.goto('/personnel/requests');
  const search = personnel.getByRole('searchbox', { name: 'Search requests' });

  // Reject with a reason typed, while an administrator approves it elsewhere.
  await search.fill(approvedElsewhere.code);
  let found = personnel.getByRole('article', { name: approvedElsewhere.code, exact: true });
  await found.getByRole('button', { name: 'Reject' }).click();
  const reject = personnel.getByRole('dialog', { name: `Reject ${approvedElsewhere.code}` });
  await reject.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not available that week');
  await approve(office, approvedElsewhere);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(personnel.getByText(`Error rejecting request: ${wrongStateMessage('reject', 'approved')}`)).toBeVisible();
  await expect(reject).toBeHidden();
  await expect(found.getByText('Approved', { exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(found.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Approve, while its borrower cancels it.
  await search.fill(cancelledMeanwhile.code);
  found = personnel.getByRole('article', { name: cancelledMeanwhile.code, exact: true });
  await found.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = personnel.getByRole('dialog', { name: `Approve ${cancelledMeanwhile.code}` });
  await expect(approveDialog.getByRole('button', { name: 'Approve Selected' })).toBeEnabled();
  expect((await faculty.post(`/api/borrow-requests/${cancelledMeanwhile.id}/cancel`)).ok()).toBe(true);
  await approveDialog.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(personnel.getByText(`Error approving request: ${wrongStateMessage('approve', 'cancelled')}`)).toBeVisible();
  await expect(approveDialog).toBeHidden();
  await expect(found.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAccessible(personnel);
  await Promise.all([office.dispose(), faculty.dispose(), personnel.context().close()]);
});

test('an overdue loan wears the same band on the requests board, the borrow records, Unreturned Items and My Requests', async ({
  browser,
}) => {
  const admin = await officePage(browser, 'admin');
  const loan = (
    (await (
      await admin.request.get(`/api/borrow-records?status=overdue&search=${encodeURIComponent(JOURNEY_LOANS.bandsAgree.purpose)}`)
    ).json()) as BorrowRecordList
  ).items[0];
  expect(loan.overdueDays).toBeGreaterThan(7);
  const label = `${loan.overdueDays} days overdue`;

  await admin.goto(`/admin/requests?q=${loan.requestCode}`);
  const onRequests = await looks(admin.getByRole('article', { name: loan.requestCode, exact: true }).getByText(label));
  // Over 7 days: the loudest band, filled red with white text.
  expect(onRequests).toEqual({ background: 'rgb(201, 42, 42)', color: 'rgb(255, 255, 255)' });

  await admin.goto(`/admin/borrow?tab=active&q=${loan.code}`);
  expect(await looks(admin.getByRole('article', { name: loan.code, exact: true }).getByText(label))).toEqual(onRequests);
  await expectAccessible(admin);

  const personnel = await officePage(browser, 'personnel');
  await personnel.goto('/personnel/inventory');
  await personnel.getByRole('button', { name: 'Unreturned Items' }).click();
  const row = personnel
    .getByRole('dialog', { name: 'Unreturned Items' })
    .getByRole('row')
    .filter({ hasText: JOURNEY_LOANS.bandsAgree.item });
  expect(await looks(row.getByText(label))).toEqual(onRequests);
  await expectAccessible(personnel);

  const borrower = await (await browser.newContext()).newPage();
  await signIn(borrower, '/login', JOURNEY_LOANS.bandsAgree.borrower, 'faculty123');
  await borrower.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await borrower.goto(`/users/requests?q=${loan.requestCode}`);
  expect(await looks(borrower.getByText(`Overdue by ${loan.overdueDays} days`))).toEqual(onRequests);
  await expectAccessible(borrower);
  await Promise.all([admin.context().close(), personnel.context().close(), borrower.context().close()]);
});

test('costs typed as "-50" stay as typed and are refused in words, for the estimate and the actual cost', async ({ browser }) => {
  const repair = await electricianRepair(unique('Figures Wing'), false);

  const admin = await officePage(browser, 'admin');
  await admin.goto(`/admin/maintenance-repairs?q=${repair.code}`);
  await admin.getByRole('article', { name: repair.code, exact: true }).getByRole('button', { name: 'Edit' }).click();
  const edit = admin.getByRole('dialog', { name: `Edit Repair Report: ${repair.code}` });
  const estimate = edit.getByLabel('Estimated cost (₱)');
  await estimate.fill('');
  await estimate.pressSequentially('-50');
  await estimate.blur();
  await expect(estimate).toHaveValue(/^-₱50\.00$/);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText(MSG.costInvalid('Estimated cost'))).toBeVisible();
  await expectAccessible(admin);

  const personnel = await officePage(browser, 'personnel');
  await personnel.goto(`/personnel/maintenance-repairs?q=${repair.code}`);
  await personnel.getByRole('article', { name: repair.code, exact: true }).getByRole('button', { name: 'Update' }).click();
  const update = personnel.getByRole('dialog', { name: `Update Repair Report: ${repair.code}` });
  const actual = update.getByLabel('Actual Cost (₱)');
  await actual.fill('');
  await actual.pressSequentially('-50');
  await actual.blur();
  await expect(actual).toHaveValue(/^-₱50\.00$/);
  await update.getByRole('button', { name: 'Update Report' }).click();
  await expect(update.getByText(MSG.costInvalid('Actual cost'))).toBeVisible();
  // Nothing was saved.
  const saved = (await (await personnel.request.get(`/api/repairs/${repair.id}`)).json()).report;
  expect(saved).toMatchObject({ estimatedCost: null, actualCost: null });
  await Promise.all([admin.context().close(), personnel.context().close()]);
});
