import { expect, test, type Browser, type Locator, type Page } from './clock';
import { MSG } from '../core/messages';
import { weekStartOf } from '../core/schedule/rules';
import { addDays, todayIn, weekdayOf } from '../core/time';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

/**
 * The schedule: an admin opens the week (Monday first, today highlighted), adds an entry for a personnel member on
 * today (the server's messages shown as 'Error adding schedule: ...'), and that person sees it on their own
 * weekly schedule as Your Task; previous and next week; axe on both screens and the dialog; 360 px. Then, at
 * 360 px, the admin edits the entry (time and status) and deletes it after confirming; and a day's Show all
 * offers the same Edit and Delete.
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
  for (const label of ['Total Tasks', 'Active Personnel', 'Locations', 'Pending Tasks'])
    await expect(admin.getByRole('main').getByText(label, { exact: true })).toBeVisible();
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
  // Early in the day: a day card shows its first items by start time, and parallel journeys add work today too.
  await dialog.getByLabel('Start time').fill('06:00');
  await dialog.getByLabel('End time').fill('05:00');
  await dialog.getByLabel('Work type').fill(workType);
  await dialog.getByRole('combobox', { name: 'Personnel' }).click();
  await admin.getByRole('option', { name: /^Journey scheduled/ }).click();
  await dialog.getByLabel('Location').fill('Room 7');
  await dialog.getByLabel('Building').fill('Journey Hall');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.scheduleAddError(MSG.repairEndBeforeStart));
  await dialog.getByLabel('End time').fill('07:30');
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  await expect(admin.getByText(MSG.scheduleAdded)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const added = slot(dayCard(admin, today), workType);
  await expect(added).toContainText('06:00-07:30');
  await expect(added).toContainText('Journey scheduled');
  await expect(added).toContainText('Room 7, Journey Hall');

  // The same person again at an overlapping time: the clash is named, and Save anyway schedules both.
  const followUp = `Follow-up ${Date.now().toString(36)}`;
  await dayCard(admin, today)
    .getByRole('button', { name: `Add Schedule on ${today}` })
    .click();
  await dialog.getByLabel('Start time').fill('07:00');
  await dialog.getByLabel('End time').fill('08:00');
  await dialog.getByLabel('Work type').fill(followUp);
  await dialog.getByRole('combobox', { name: 'Personnel' }).click();
  await admin.getByRole('option', { name: /^Journey scheduled/ }).click();
  await dialog.getByLabel('Location').fill('Room 8');
  await dialog.getByLabel('Building').fill('Journey Hall');
  await dialog.getByRole('button', { name: 'Add Schedule' }).click();
  const clash = dialog.getByRole('alert').filter({ hasText: MSG.scheduleClashTitle });
  await expect(clash).toContainText(`is already scheduled at that time: ${workType} (06:00-07:30, Journey Hall - Room 7)`);
  await expect(slot(dayCard(admin, today), followUp)).toHaveCount(0);
  await expectAccessible(admin);
  await clash.getByRole('button', { name: 'Save anyway' }).click();
  // The first entry's notice may still be showing: this one is the newest.
  await expect(admin.getByText(MSG.scheduleAdded).last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(slot(dayCard(admin, today), followUp)).toContainText('07:00-08:00');

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
  await expect(person.getByRole('button', { name: /^(Add Schedule|Edit |Delete )/ })).toHaveCount(0);
  await expect(person.getByText('My Tasks This Week')).toBeVisible();
  await expectAccessible(person);
  // Another week is not called this week.
  await person.getByRole('button', { name: 'Next week' }).click();
  await expect(person.getByText('My Tasks That Week')).toBeVisible();
  await expect(person.getByRole('main').getByText(/this week/i)).toHaveText(['Back to this week']);
  await person.getByRole('button', { name: 'Back to this week' }).click();
  await expect(person.getByText('My Tasks This Week')).toBeVisible();

  // 360 px: the days stack and nothing scrolls sideways (loaded at that width, so no layout is mid-transition).
  for (const page of [admin, person]) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sunday', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  // Edit at 360 px: the Add Schedule dialog, filled in, with the status; the week shows the change.
  await admin.getByRole('button', { name: `Edit ${workType}` }).click();
  const editing = admin.getByRole('dialog', { name: `Edit Schedule: ${workType}` });
  await expect(editing.getByLabel('Start time')).toHaveValue('06:00');
  await expect(editing.getByRole('combobox', { name: 'Personnel' })).toHaveValue(/^Journey scheduled/);
  await expect(editing.getByRole('combobox', { name: 'Status' })).toHaveValue('Scheduled');
  await editing.getByLabel('End time').fill('05:00');
  await editing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editing.getByRole('alert')).toContainText(MSG.scheduleUpdateError(MSG.repairEndBeforeStart));
  await editing.getByLabel('Start time').fill('05:30');
  await editing.getByLabel('End time').fill('06:45');
  await editing.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'In Progress' }).click();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await editing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText(MSG.scheduleUpdated)).toBeVisible();
  await expect(editing).toHaveCount(0);
  const edited = slot(dayCard(admin, today), workType);
  await expect(edited).toContainText('05:30-06:45');
  await expect(edited).toContainText('In Progress');

  // Delete asks first; cancelling keeps it, confirming removes it.
  await edited.getByRole('button', { name: `Delete ${workType}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Delete ${workType}` });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: `Delete ${workType}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText(MSG.scheduleDeleted)).toBeVisible();
  await expect(slot(admin, workType)).toHaveCount(0);
  // The person no longer sees it either.
  await person.reload();
  await expect(person.getByText(workType)).toHaveCount(0);
});

test("a day's Show all offers Edit and Delete on its manual entries", async ({ browser }) => {
  test.slow();
  const tag = Date.now().toString(36);
  // A week of its own, years ahead, so no other journey's work is on it.
  const week = weekStartOf(addDays(todayIn('Asia/Manila'), 7 * (200 + Math.floor(Math.random() * 500))));
  const admin = await officePage(browser, '/admin-login', 'admin@campus.test', 'admin123');
  // A demo personnel member: the journeys' own people are each kept for one journey.
  const people = (await (await admin.request.get('/api/schedule/personnel')).json()).items as { id: number; fullName: string }[];
  const person = people.find((p) => !p.fullName.startsWith('Journey'))!;
  const times = ['07', '08', '09', '10', '11', '12', '13', '14', '15'];
  for (const h of times) {
    const res = await admin.request.post('/api/schedule', {
      data: {
        week,
        day: 'Friday',
        startTime: `${h}:00`,
        endTime: `${h}:45`,
        workType: `Day job ${h} ${tag}`,
        personnelId: person.id,
        location: 'Room 1',
        building: 'Show All Hall',
      },
    });
    expect(res.status()).toBe(201);
  }
  await admin.goto(`/admin/schedule?week=${week}`);
  await dayCard(admin, 'Friday')
    .getByRole('button', { name: `Show all ${times.length} tasks on Friday` })
    .click();
  const day = admin.getByRole('dialog', { name: /^Friday/ });
  await expect(day.getByText(`${times.length} tasks by start time`)).toBeVisible();

  // Edit over the day's dialog, opened from the keyboard; Escape closes only the edit.
  const last = `Day job 15 ${tag}`;
  await day.getByRole('button', { name: `Edit ${last}` }).focus();
  await admin.keyboard.press('Enter');
  const editing = admin.getByRole('dialog', { name: `Edit Schedule: ${last}` });
  await expect(editing.getByLabel('Work type')).toHaveValue(last);
  await admin.keyboard.press('Escape');
  await expect(editing).toHaveCount(0);
  await expect(day).toBeVisible();
  // Saved: the day's dialog stays, with the change.
  await day.getByRole('button', { name: `Edit ${last}` }).click();
  await editing.getByLabel('Work type').fill(`Renamed job ${tag}`);
  await editing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editing).toHaveCount(0);
  await expect(slot(day, `Renamed job ${tag}`)).toBeVisible();

  // Delete over it: confirmed, one task fewer.
  await day.getByRole('button', { name: `Delete Day job 07 ${tag}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Delete Day job 07 ${tag}` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText(MSG.scheduleDeleted)).toBeVisible();
  await expect(day.getByText(`${times.length - 1} tasks by start time`)).toBeVisible();
  await expect(slot(day, `Day job 07 ${tag}`)).toHaveCount(0);
  await expectAccessible(admin);
});
