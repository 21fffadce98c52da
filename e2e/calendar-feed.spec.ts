import ical from 'node-ical';
import { expect, request, test } from './clock';
import { requestCode } from '../core/borrowing/rules';
import { addDays, todayIn } from '../core/time';
import { apiAs, approveAll, fileRequest, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

/**
 * Calendar feeds (docs/decisions/calendar-feeds.md): a faculty member turns on their calendar feed in Settings,
 * the address is downloaded as a calendar app would, parsed as iCalendar, and holds their loan's pick-up and return
 * days; a new address retires the old one.
 */
test('a borrower subscribes to their calendar: the feed parses with the loan’s dates, and a new address retires the old', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const borrower = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const office = await officeApi();
  const loan = await approveAll(office, await fileRequest(borrower, [['Extension Cord (10 m)', 1]], `Calendar feed journey ${Date.now()}`));
  const today = todayIn('Asia/Manila');

  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.goto('/users/settings');
  const card = page.locator('#calendar-feed');
  await expect(card.getByRole('heading', { name: 'My calendar' })).toBeVisible();
  // On a retry the feed is on already, and a new address is asked for and confirmed.
  const turnOn = card.getByRole('button', { name: /Turn On Calendar Feed|Make New Address/ });
  const renewing = (await turnOn.textContent())?.includes('Make New Address');
  await turnOn.click();
  const field = card.getByRole('textbox', { name: 'Calendar address' });
  if (renewing) {
    const before = await field.inputValue();
    await page.getByRole('dialog', { name: 'Make a new address?' }).getByRole('button', { name: 'Make New Address' }).click();
    await expect(field).not.toHaveValue(before);
  }
  const address = await field.inputValue();
  expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\/feed\.ics$/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Downloaded without a session, as a calendar app does.
  const app = await request.newContext({ baseURL });
  const res = await app.get(new URL(address).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = Object.values(ical.sync.parseICS(await res.text())).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
  const pickup = events.find((e) => e.summary === `Pick up ${requestCode(loan.id)}`);
  const back = events.find((e) => e.summary === `Return ${requestCode(loan.id)}`);
  expect(pickup?.datetype).toBe('date');
  const day = (d: Date | undefined) =>
    d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : null;
  expect(day(pickup?.start)).toBe(today);
  expect(day(back?.start)).toBe(addDays(today, 3));

  // A new address: the old one answers 404.
  await card.getByRole('button', { name: 'Make New Address', exact: true }).click();
  await page.getByRole('dialog', { name: 'Make a new address?' }).getByRole('button', { name: 'Make New Address', exact: true }).click();
  await expect(card.getByRole('textbox', { name: 'Calendar address' })).not.toHaveValue(address);
  expect((await app.get(new URL(address).pathname)).status()).toBe(404);
  await Promise.all([app.dispose(), borrower.dispose(), office.dispose()]);
});
