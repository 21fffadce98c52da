import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { addDays, formatCalendarDate, todayIn } from '../core/time';
import { apiAs } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// The office calendar (docs/decisions/office-calendar.md): an administrator adds a closure in
// Settings; a borrower who picks that day is told at once, by the closure's name, and the server refuses it too.
// The closure is a day of its own far ahead, so journeys running beside this one never meet it.

test('an administrator adds a closure; a borrower picking that day is refused with its name', async ({ page, browser }) => {
  const day = addDays(todayIn('Asia/Manila'), 400 + Math.floor(Math.random() * 300));
  const name = `Journey Holiday ${Date.now().toString().slice(-6)}`;
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/settings');
  const calendar = page.getByRole('region', { name: 'Office calendar' });
  await expect(calendar.getByRole('checkbox', { name: 'Monday' })).toBeChecked();

  // Checked in the form before anything is sent.
  await calendar.getByRole('button', { name: 'Add Closure' }).click();
  await expect(calendar.getByText(MSG.closureNameRequired)).toBeVisible();
  await calendar.getByLabel('Closure name').fill(name);
  await calendar.getByLabel('First day').fill(day);
  await expect(calendar.getByLabel('Last day')).toHaveValue(day);
  await calendar.getByRole('button', { name: 'Add Closure' }).click();
  await expect(page.getByText(MSG.closureAdded(name))).toBeVisible();
  await expect(calendar.getByRole('row', { name: new RegExp(name) })).toContainText(formatCalendarDate(day));
  await expect(page.getByText(MSG.closureAdded(name))).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);

  // The borrower, on a phone.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const borrower = await context.newPage();
  await signIn(borrower, '/login', 'cbautista@campus.test', 'student123');
  await borrower.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await borrower.goto('/users/borrow-item');
  await borrower
    .getByRole('button', { name: /^Add .* to request$/, disabled: false })
    .first()
    .click();
  await borrower.getByRole('button', { name: /^Review request \(\d+\)$/ }).click();
  await borrower.getByRole('textbox', { name: 'Purpose' }).fill('Calendar check');
  await borrower.getByLabel('Date needed').fill(day);
  const refusal = MSG.officeClosedFor(formatCalendarDate(day), name);
  await expect(borrower.getByText(refusal)).toBeVisible();
  await borrower.getByLabel('Expected return date').fill(addDays(day, 1));
  await borrower.getByRole('button', { name: 'Submit Request' }).click();
  await expect(borrower.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(borrower.getByLabel('Date needed')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(borrower);
  await expectNoHorizontalScroll(borrower);

  // The server decides too, whatever the browser does.
  const api = await apiAs('cbautista@campus.test', 'student123', 'user');
  const items = (await (await api.get('/api/items?search=Broom')).json()).items;
  const res = await api.post('/api/borrow-requests', {
    data: {
      purpose: 'Calendar check',
      dateNeeded: day,
      dateExpectedReturn: addDays(day, 1),
      items: [{ itemId: items[0].id, quantity: 1 }],
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toEqual({ code: 'office_closed', message: refusal });
  await context.close();

  // The administrator removes it again, after a confirmation.
  await page.setViewportSize({ width: 1280, height: 800 });
  await calendar.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(MSG.closureRemoved(name))).toBeVisible();
  await expect(calendar.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
