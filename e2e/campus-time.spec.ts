import { expect, test, type Page } from './clock';
import type { BorrowRequestDto } from '../core/borrowing/schemas';
import { formatDayIn, formatDateTimeIn } from '../core/time';
import { apiAs, fileRequest, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll } from './support';

const CAMPUS = 'Asia/Manila';
/** "Nov 25, 2026, 12:57 AM": the product's date style for an instant. */
const DATE_TIME = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/;

/**
 * A zone whose calendar day differs from the campus's at this instant (Manila is UTC+8): 19 hours behind it
 * before 7 PM on campus, 6 hours ahead after.
 */
function otherDayZone(iso: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: CAMPUS, hour: 'numeric', hourCycle: 'h23' }).format(new Date(iso)));
  return hour < 19 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
}

async function signedIn(page: Page, email: string, password: string, portal: 'user' | 'admin') {
  const res = await page.request.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.ok()).toBe(true);
}

/**
 * Dates in campus time everywhere (docs/decisions/calendar-dates.md): a person whose browser is in another zone
 * and locale sees the campus day and the product's date style on cards, printouts and histories, as the activity
 * log does.
 */
test('a browser in another time zone and locale sees campus dates in the product style', async ({ browser }) => {
  const student = await apiAs('mlopez@campus.test', 'student123', 'user');
  const request: BorrowRequestDto = await fileRequest(student, [['Broom', 1]], 'Campus time check');
  const zone = otherDayZone(request.dateRequested);
  const campusDay = formatDayIn(request.dateRequested, CAMPUS);
  expect(formatDayIn(request.dateRequested, zone), 'the browser’s day differs').not.toBe(campusDay);
  const context = { timezoneId: zone, locale: 'de-DE' };

  // The borrower's card and the printed request: the campus day, and the printing time in the product's style.
  const page = await (await browser.newContext(context)).newPage();
  await signedIn(page, 'mlopez@campus.test', 'student123', 'user');
  await page.goto(`/users/requests?q=${request.code}`);
  await expect(page.getByText(`${campusDay} (Just now)`)).toBeVisible();
  await expect(page.getByText(`${campusDay} (Just now)`)).toHaveAttribute('title', formatDateTimeIn(request.dateRequested, CAMPUS));
  await expectAccessible(page);
  await page.goto(`/print/requests/${request.id}`);
  await expect(page.getByText(`Requested: ${campusDay}`)).toBeVisible();
  await expect(page.getByText(/^Printed /)).toHaveText(new RegExp(`^Printed ${DATE_TIME.source}$`));

  // The office's side: the card, the activity log (which already spoke campus time) and the repair print.
  const office = await (await browser.newContext(context)).newPage();
  await signedIn(office, 'admin@campus.test', 'admin123', 'admin');
  await office.goto(`/admin/requests?q=${request.code}`);
  await expect(office.getByRole('article', { name: request.code }).getByText(`${campusDay} (Just now)`)).toBeVisible();
  await office.goto('/admin/activity-log');
  await office.getByLabel('Person').fill('Maria Lopez');
  await expect(office.getByRole('row', { name: new RegExp(`Campus time check`) }).first()).toContainText(
    formatDateTimeIn(request.dateRequested, CAMPUS),
  );

  // The printed Maintenance Report is a PDF now: its campus times are checked in tests/api/repairs.test.ts.

  // The inspection history: when each checklist was saved, in the same style.
  const building = `Campus Time Annex ${Date.now().toString(36)}`;
  const saved = await (
    await officeApi()
  ).post('/api/inspections', {
    data: { campus: 'Main Campus', building, roomOffice: 'CT-1', monthYear: 'November 2026', priority: 'low', particulars: {} },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const inspection = (await saved.json()).inspection as { code: string; createdAt: string };
  await office.setViewportSize({ width: 360, height: 800 });
  await office.goto('/admin/preventive-maintenance');
  const history = office.getByRole('region', { name: 'Inspection History' });
  await history.getByRole('textbox', { name: 'Building' }).fill(building);
  const row = history.getByRole('row', { name: new RegExp(inspection.code) });
  await expect(row).toContainText(formatDateTimeIn(inspection.createdAt, CAMPUS));
  await expectNoHorizontalScroll(office);
});
