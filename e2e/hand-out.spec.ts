// Hand Out (docs/decisions/reservations.md): a booking made ahead is handed out on its day; its tracked line's unit
// is chosen in the dialog, and the booking becomes a loan of that unit.
import { expect, test } from './clock';
import { AVAILABILITY_MSG } from '../core/borrowing/availability';
import { officeApi } from './fixtures';
import { JOURNEY_RESERVATION } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

test('the office hands out a booking on its day, choosing the unit that goes out', async ({ page }) => {
  const { item: name, purpose } = JOURNEY_RESERVATION;
  const office = await officeApi();
  const items = await (await office.get(`/api/items?search=${encodeURIComponent(name)}`)).json();
  const itemId = items.items.find((i: { name: string }) => i.name === name).id;
  // Tracked by unit since it was booked: the unit is named as it goes out.
  const tracked = await office.post(`/api/items/${itemId}/track`, { data: { prefix: 'JTRI', condition: 'good' } });
  expect(tracked.ok(), await tracked.text()).toBe(true);

  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto(`/admin/requests?q=${encodeURIComponent(purpose)}`);
  await page.getByRole('button', { name: 'Hand Out' }).click();
  const dialog = page.getByRole('dialog', { name: /^Hand out REQ-/ });
  await expect(dialog).toContainText('The quantities are taken out of stock now.');
  await expect(dialog.getByText(`Units of ${name} to lend (1 of 1)`)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Hand Out' }).click();
  await expect(page.getByText(AVAILABILITY_MSG.handedOut)).toBeVisible();
  await expect(dialog).toBeHidden();

  const units = await (await office.get(`/api/items/${itemId}/units`)).json();
  expect(units.items.filter((u: { status: string }) => u.status === 'on_loan')).toHaveLength(1);
});
