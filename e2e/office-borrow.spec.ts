import { expect, test, type Page } from './clock';
import type { BorrowRecordList } from '../core/borrowing/schemas';
import type { ItemList } from '../core/inventory/schemas';
import { MSG } from '../core/messages';
import { daysBetween, todayIn } from '../core/time';
import { JOURNEY_LOANS } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Borrow records (the loan side of approved requests) on both office portals, against the demo data.

async function records(page: Page, status: string, search = ''): Promise<BorrowRecordList> {
  const res = await page.request.get(
    `/api/borrow-records?status=${status}&pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  );
  expect(res.ok()).toBe(true);
  return res.json();
}

async function stockOf(page: Page, name: string): Promise<number> {
  const list = (await (await page.request.get(`/api/items?search=${encodeURIComponent(name)}&pageSize=100`)).json()) as ItemList;
  return list.items.find((i) => i.name === name)!.quantity;
}

test('an admin marks an overdue loan returned; its items go back to stock', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  // Its own overdue loan (e2e/journeyData.ts): the API cannot make one, dates in the past are refused.
  const overdue = (await records(page, 'overdue', JOURNEY_LOANS.officeMarksReturned.purpose)).items[0];
  // Four days past due when the journeys' server made it; a day more if the campus day turned since.
  expect(overdue.overdueDays).toBe(daysBetween(overdue.dateExpectedReturn, todayIn('Asia/Manila')));
  expect(overdue.overdueDays).toBeGreaterThanOrEqual(4);
  const before = await Promise.all(overdue!.items.map((l) => stockOf(page, l.name)));

  await page.getByRole('link', { name: 'Borrow Management' }).click();
  await expect(page.getByRole('heading', { name: 'Borrow Management' })).toBeVisible();
  const counters = await records(page, 'active');
  for (const [label, value] of [
    ['Active Borrows', counters.counters.activeBorrows],
    ['Approved Requests', counters.counters.approvedRequests],
    ['Completed Items', counters.counters.completedItems],
    ['Returned Today', counters.counters.returnedToday],
  ] as const) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(String(value));
  }
  // Active is the default tab, and only loans still out have Mark Returned.
  await expect(page.getByRole('tab', { name: /^Active/ })).toHaveAttribute('aria-selected', 'true');
  for (const tab of ['All', 'Active', 'Approved', 'Completed', 'Returned'])
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Returned' })).toHaveCount(0);
  // A returned loan leads to where its return is verified.
  await page.getByRole('tab', { name: /^Returned/ }).click();
  const verify = page.getByRole('article').first().getByRole('link', { name: 'Verify return' });
  await expect(verify).toHaveAttribute('href', /^\/admin\/requests\?tab=returned&q=REQ-\d+$/);

  // The overdue loan is under Active (every loan still out, most overdue first), marked overdue with its days.
  await page.getByRole('tab', { name: /^Active/ }).click();
  await page.getByRole('searchbox', { name: 'Search borrow records' }).fill(overdue!.code);
  const card = page.getByRole('article', { name: overdue!.code, exact: true });
  await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(card.getByText(`${overdue!.overdueDays} day${overdue!.overdueDays === 1 ? '' : 's'} overdue`)).toBeVisible();
  for (const line of overdue!.items) await expect(card.getByText(line.name)).toBeVisible();
  await expectAccessible(page);

  // Cancelling the confirmation changes nothing; confirming marks it returned.
  await card.getByRole('button', { name: 'Mark Returned' }).click();
  let confirm = page.getByRole('dialog', { name: `Mark ${overdue!.code} returned` });
  await expect(confirm).toContainText(MSG.markReturnedConfirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await records(page, 'overdue', overdue!.code)).items.map((r) => r.id)).toContain(overdue!.id);
  await card.getByRole('button', { name: 'Mark Returned' }).click();
  confirm = page.getByRole('dialog', { name: `Mark ${overdue!.code} returned` });
  await confirm.getByRole('button', { name: 'Mark Returned' }).click();
  await expect(page.getByText(MSG.itemsMarkedReturned)).toBeVisible();
  await expect(page.getByText(MSG.noRecordsFound)).toBeVisible();

  const after = await Promise.all(overdue!.items.map((l) => stockOf(page, l.name)));
  overdue!.items.forEach((l, i) => expect(after[i], l.name).toBe(before[i] + l.quantity));
  const done = (await records(page, 'completed', overdue!.code)).items.find((r) => r.id === overdue!.id);
  expect(done?.status).toBe('completed');
});

test('personnel see borrow records with their counters and tabs, at 360 px too', async ({ page }) => {
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.getByRole('link', { name: 'Borrow', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Borrow Management' })).toBeVisible();
  const all = await records(page, 'all');
  for (const [label, value] of [
    ['Total', all.counts.all],
    ['Active', all.counts.active],
    ['Returned', all.counts.returned],
    ['Overdue', all.counts.overdue],
  ] as const) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('tab', { name: `${label === 'Total' ? 'All' : label} (${value})` })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  // The tabs work from the keyboard.
  await page.getByRole('tab', { name: /^All/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Active/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^Active/ })).toBeFocused();

  // Overdue loans carry Mark Returned; returned ones (awaiting verification) do not.
  await page.getByRole('tab', { name: /^Overdue/ }).click();
  const firstOverdue = page.getByRole('article').first();
  await expect(firstOverdue.getByText(/days? overdue/)).toBeVisible();
  await expect(firstOverdue.getByRole('button', { name: 'Mark Returned' })).toBeVisible();
  await page.getByRole('tab', { name: /^Returned/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Returned' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search borrow records' }).fill('zzz-nothing-like-this');
  await expect(page.getByText(MSG.noRecordsFound)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search borrow records' }).fill('');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
