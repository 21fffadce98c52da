import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { addDays, todayIn } from '../core/time';
import { apiAs } from './fixtures';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { addItemsToCart, expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Borrowing holds (docs/decisions/borrow-holds.md): an administrator puts a borrowing hold with a reason on a
// student; the student's Borrow Items says why and how to clear it, Submit Request is off and the server refuses a
// request; the administrator lifts the hold and the student can request again. At 1280 and 360 px, with axe.

const { email } = JOURNEY_PEOPLE.heldBorrower;
const name = 'Journey heldBorrower';

async function checkBothWidths(page: Page) {
  await expectAccessible(page);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize(size);
}

test('an administrator places a borrowing hold; the student sees it and is refused; the hold is lifted and the student requests', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const reason = `Unreturned projector from last term (${Date.now().toString(36)})`;

  // The administrator places the hold from User Management; the reason is required.
  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await page.goto('/admin/users/faculty');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('journey-hold');
  // The search has narrowed the list to the one account (a row of the wider list may be replaced under the click).
  await expect(page.getByRole('button', { name: /^Place borrowing hold on / })).toHaveCount(1);
  await page.getByRole('button', { name: `Place borrowing hold on ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Place borrowing hold' });
  await dialog.getByRole('button', { name: 'Place hold' }).click();
  await expect(dialog.getByText(MSG.borrowHoldReasonRequired)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Place hold' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MSG.borrowHoldPlaced)).toBeVisible();
  await expect(page.getByText('Borrowing on hold', { exact: true })).toBeVisible();
  await expect(page.getByText(`Borrowing hold: ${reason}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Lift borrowing hold on ${name}` })).toBeVisible();
  await checkBothWidths(page);

  // The student, on a phone, sees the hold with its reason and how to clear it; Submit Request is off.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(phone, '/login', email, JOURNEY_PASSWORD);
  await phone.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await phone.goto('/users/borrow-item');
  const notice = phone.getByRole('alert').filter({ hasText: 'Borrowing is on hold' });
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText(MSG.borrowHoldHowToClear);
  await expect(phone.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  await expectAccessible(phone);
  await expectNoHorizontalScroll(phone);
  await phone.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(phone);
  await phone.setViewportSize({ width: 360, height: 800 });

  // The server refuses a request all the same, saying the reason.
  const student = await apiAs(email, JOURNEY_PASSWORD, 'user');
  const items = (await (await student.get('/api/items?pageSize=50')).json()).items as {
    id: number;
    borrowable: boolean;
    category: string;
  }[];
  const item = items.find((i) => i.borrowable && i.category !== 'Electrical')!;
  const today = todayIn('Asia/Manila');
  const body = {
    purpose: 'Club meeting',
    dateNeeded: addDays(today, 1),
    dateExpectedReturn: addDays(today, 2),
    items: [{ itemId: item.id, quantity: 1 }],
  };
  const refused = await student.post('/api/borrow-requests', { data: body });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toEqual({ code: 'borrow_hold', message: MSG.borrowOnHold(reason) });

  // The administrator lifts the hold.
  await page.getByRole('button', { name: `Lift borrowing hold on ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Lift borrowing hold' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Lift hold' }).click();
  await expect(page.getByText(MSG.borrowHoldLifted)).toBeVisible();
  await expect(page.getByText('Borrowing on hold', { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: `Place borrowing hold on ${name}` })).toBeVisible();

  // The student's page no longer says it, and a request goes through the form.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Borrow Items' })).toBeVisible();
  await expect(phone.getByText('Borrowing is on hold')).toBeHidden();
  await addItemsToCart(phone, 1);
  await phone.getByRole('textbox', { name: 'Purpose' }).fill('Club meeting');
  await phone.getByLabel('Date needed').fill(addDays(today, 1));
  await phone.getByLabel('Expected return date').fill(addDays(today, 2));
  const submit = phone.getByRole('button', { name: 'Submit Request' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(phone.getByRole('dialog', { name: MSG.requestSubmitted })).toBeVisible();
  await expectAccessible(phone);
  await student.dispose();
});
