import { expect, test, type Page } from './clock';
import { weekStartOf } from '../core/schedule/rules';
import { addDays, formatCalendarDate, todayIn } from '../core/time';
import { officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

/**
 * Maintenance plans (docs/decisions/maintenance-plans.md): an administrator makes a quarterly filter-cleaning plan
 * for a room; its next job appears on the weekly schedule; completing it with the checklist, one item marked with a
 * problem, opens a pending repair on the board. Axe on the screen and its dialogs at 1280 and 360 px.
 */

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('an administrator plans quarterly filter cleaning; the job is on the schedule and done with the checklist', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const title = `Clean the aircon filters ${tag}`;
  const remark = `Filtertorn${tag}`;
  const today = todayIn('Asia/Manila');
  const due = addDays(today, 2);

  const office = await officeApi();
  const choices = await (await office.get('/api/maintenance-plans/choices')).json();
  const room = choices.rooms[0] as { id: number; label: string };
  const person = choices.personnel[0] as { id: number; name: string };

  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await nav(page).getByRole('link', { name: 'Maintenance Plans', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance Plans', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // New Plan: every 3 months from two days ahead, for a room, by a person.
  await page.getByRole('button', { name: 'New Plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Plan' });
  await dialog.getByRole('textbox', { name: 'What is done' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Room' }).fill(room.label.split(' ')[0]!);
  await page.getByRole('option', { name: room.label }).click();
  await dialog.getByRole('combobox', { name: 'Personnel' }).click();
  await page.getByRole('option', { name: new RegExp(`^${person.name}`) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Every N months');
  await expect(dialog.getByRole('textbox', { name: 'Every how many months' })).toHaveValue('3');
  await dialog.getByLabel('First due date').fill(due);
  await dialog.getByLabel('Start time').fill('09:00');
  await dialog.getByLabel('End time').fill('11:00');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Plan', exact: true }).click();
  await expect(toast(page, `on the schedule for ${formatCalendarDate(due)}`)).toBeVisible();

  await page.getByLabel('Search plans').fill(tag);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Every 3 months');
  await expect(row).toContainText(formatCalendarDate(due));
  await expect(row).toContainText('Not yet');

  // The job is on the weekly schedule, that week, for that person.
  await page.goto(`/admin/schedule?week=${weekStartOf(due)}`);
  const slot = page.locator('article', { hasText: title });
  await expect(slot).toBeVisible();
  await expect(slot).toContainText(person.name);

  // Done with the checklist: one problem, one fine.
  await page.goto(`/admin/maintenance-plans?q=${tag}`);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Complete', exact: true }).click();
  const complete = page.getByRole('dialog', { name: `Complete: ${title}` });
  await complete.getByRole('radio', { name: '1.1 Broken Tiles: check' }).check();
  await complete.getByRole('radio', { name: '3.1 Knob: x' }).check();
  await complete.getByRole('textbox', { name: 'Remarks for 3.1 Knob' }).fill(`Knob loose ${remark}`);
  await expect(complete).toContainText('1 marked x (with problem)');
  await expectAccessible(page);
  await complete.getByRole('button', { name: 'Save and Complete', exact: true }).click();
  await expect(toast(page, '1 repair report opened')).toBeVisible();
  const done = page.getByRole('row').filter({ hasText: title });
  await expect(done).toContainText(formatCalendarDate(today));
  await expect(done).not.toContainText('Not yet');

  // At 360 px: nothing scrolls sideways, and the screen is still clean.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The failed item is a pending repair report on the board.
  await nav(page).getByRole('link', { name: 'Maintenance & Repairs', exact: true }).click();
  await page.getByLabel('Search reports').fill(remark);
  const card = page.locator('article', { hasText: remark });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('DOOR - Knob');
  await expect(card.getByRole('button', { name: 'Assign' })).toBeVisible();
  await office.dispose();
});
