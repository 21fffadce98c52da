import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MSG } from '../core/messages';
import { todayIn, weekdayOf } from '../core/time';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

/**
 * Issue 8.5: an admin opens the week (Monday first, today highlighted), adds an entry for a personnel member on
 * today (the server's messages shown as 'Error adding schedule: ...'), and that person sees it on their own
 * weekly schedule as Your Task; previous and next week; axe on both screens and the dialog; 360 px.
 */

async function officePage(browser: Browser, path: '/admin-login' | '/personnel-login', login: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, path, login, password);
  await expect(page).toHaveURL(path === '/admin-login' ? /\/admin$/ : /\/personnel$/);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const dayCard = (page: Page, day: string) => page.locator('section', { has: page.getByRole('heading', { name: day, exact: true }) });
const slot = (within: Page | Locator, text: string) => within.locator('article', { hasText: text });

test('an admin schedules work for a personnel member, who sees it as Your Task', async ({ browser }) => {
  test.slow();
  const workType = `Journey inspection ${Date.now().toString(36)}`;
  const today = weekdayOf(todayIn('Asia/Manila'));

  const admin = await officePage(browser, '/admin-login', 'admin@campus.test', 'admin123');
  await nav(admin).getByRole('link', { name: 'Schedule' }).click();
  await expect(admin).toHaveURL(/\/admin\/schedule$/);
  await expect(admin.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  for (const label of ['Total Tasks', 'Active Personnel', 'Locations', 'Pending Tasks']) await expect(admin.getByText(label)).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2 })).toHaveText([
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]);
  await expect(dayCard(admin, today).getByText('Today')).toBeVisible();
  await expect(dayCard(admin, today)).toHaveAttribute('aria-current', 'date');
  // The demo week has work on it, repair work with the eye to Maintenance & Repairs among it.
  await expect(admin.getByRole('link', { name: /^View RPR-\d+ in Maintenance & Repairs$/ }).first()).toBeVisible();
  await expectAccessible(admin);

  // Add Schedule on today: the server's first problem is shown, then the entry is added.
  await dayCard(admin, today)
    .getByRole('button', { name: `Add Schedule on ${today}` })
    .click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Day' })).toHaveValue(today);
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.scheduleAddError(MSG.scheduleMissingInformation));
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByLabel('End time').fill('09:00');
  await dialog.getByLabel('Work type').fill(workType);
  await dialog.getByRole('combobox', { name: 'Personnel' }).click();
  await admin.getByRole('option', { name: /^Journey scheduled/ }).click();
  await dialog.getByLabel('Location').fill('Room 7');
  await dialog.getByLabel('Building').fill('Journey Hall');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.scheduleAddError(MSG.repairEndBeforeStart));
  await dialog.getByLabel('End time').fill('11:30');
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(admin.getByText(MSG.scheduleAdded)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const added = slot(dayCard(admin, today), workType);
  await expect(added).toContainText('10:00-11:30');
  await expect(added).toContainText('Journey scheduled');
  await expect(added).toContainText('Room 7, Journey Hall');

  // Next week is another week; back to this week.
  await admin.getByRole('button', { name: 'Next week' }).click();
  await expect(admin).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
  await expect(admin.getByText('Today', { exact: true })).toHaveCount(0);
  await expect(admin.getByText(workType)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Back to this week' }).click();
  await expect(slot(admin, workType)).toBeVisible();

  // The person scheduled sees it on their own week as Your Task; the office's picker is not theirs.
  const { email } = JOURNEY_PEOPLE.scheduled;
  const person = await officePage(browser, '/personnel-login', email, JOURNEY_PASSWORD);
  await nav(person).getByRole('link', { name: 'Schedule' }).click();
  await expect(person).toHaveURL(/\/personnel\/schedule$/);
  await expect(person.getByText(/^Welcome, Journey scheduled!/)).toBeVisible();
  const mine = slot(dayCard(person, today), workType);
  await expect(mine.getByText('Your Task')).toBeVisible();
  await expect(mine.getByRole('link', { name: `View ${workType} in Maintenance & Repairs` })).toHaveAttribute(
    'href',
    '/personnel/maintenance-repairs',
  );
  await expect(person.getByRole('button', { name: /^Add Schedule/ })).toHaveCount(0);
  await expect(person.getByText('My Tasks This Week')).toBeVisible();
  await expectAccessible(person);

  // 360 px: the days stack and nothing scrolls sideways (loaded at that width, so no layout is mid-transition).
  for (const page of [admin, person]) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sunday', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});
